import { EditOutlined } from '@ant-design/icons';
import {
  adminDepositAddressesRoute,
  adminDepositAddressesSaveRoute,
  type DepositAddressRow,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';

type AddressForm = { address: string; memo?: string; active: boolean };

const addressLengthMax = 128;
const memoLengthMax = 64;

/**
 * The operator's deposit address per currency and chain. Changing one redirects users' money, so
 * every save asks for a confirmation and is recorded in the audit log.
 */
export function DepositAddressesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DepositAddressRow | null>(null);
  const [form] = Form.useForm<AddressForm>();
  const rows = useQuery({
    queryKey: ['deposit-addresses'],
    queryFn: () => callRoute(adminDepositAddressesRoute),
  });

  const open = (row: DepositAddressRow) => {
    setEditing(row);
    form.setFieldsValue({
      address: row.address ?? '',
      memo: row.memo ?? '',
      active: row.address ? row.active : true,
    });
  };

  const save = (values: AddressForm) => {
    if (!editing) return;
    const row = editing;
    modal.confirm({
      title: t('addresses.confirmTitle', { currency: row.code, chain: row.chain }),
      content: <Typography.Text code>{values.address.trim()}</Typography.Text>,
      okText: t('save'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await callRoute(adminDepositAddressesSaveRoute, {
            params: {
              currency_id: row.currency_id,
              chain: row.chain,
              address: values.address.trim(),
              ...(values.memo?.trim() ? { memo: values.memo.trim() } : {}),
              active: values.active,
            },
          });
          void message.success(t('saved'));
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: ['deposit-addresses'] });
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });
  };

  return (
    <Card>
      <Alert type="warning" showIcon title={t('addresses.warning')} style={{ marginBottom: 16 }} />
      <Table<DepositAddressRow>
        rowKey={(row) => `${row.currency_id}-${row.chain}`}
        size="middle"
        loading={rows.isLoading}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: rows.error ? rows.error.message : t('review.empty') }}
        columns={[
          {
            title: t('fields.currency'),
            render: (_, row) => <Typography.Text strong>{row.code}</Typography.Text>,
          },
          { title: t('fields.chain'), dataIndex: 'chain' },
          {
            title: t('addresses.address'),
            render: (_, row) =>
              row.address ? (
                <Typography.Text copyable code>
                  {row.address}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('addresses.unset')}</Typography.Text>
              ),
          },
          { title: t('addresses.memo'), render: (_, row) => row.memo || '—' },
          {
            title: t('fields.status'),
            render: (_, row) =>
              row.address && row.active ? (
                <Tag color="success">{t('addresses.active')}</Tag>
              ) : (
                <Tag>{t('addresses.off')}</Tag>
              ),
          },
          { title: t('addresses.note'), render: (_, row) => row.note || '—' },
          {
            title: t('addresses.updated'),
            render: (_, row) =>
              row.updated_at
                ? `${dateTime(row.updated_at)}${row.updated_by ? ` · #${row.updated_by}` : ''}`
                : '—',
          },
          {
            title: '',
            fixed: 'right',
            render: (_, row) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => open(row)}>
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${editing.code} · ${editing.chain}` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form<AddressForm> form={form} layout="vertical" onFinish={save} preserve={false}>
          <Form.Item
            name="address"
            label={t('addresses.address')}
            extra={t('addresses.addressHelp')}
            rules={[{ required: true, whitespace: true, max: addressLengthMax }]}
          >
            <Input spellCheck={false} />
          </Form.Item>
          <Form.Item name="memo" label={t('addresses.memo')} rules={[{ max: memoLengthMax }]}>
            <Input />
          </Form.Item>
          <Form.Item name="active" label={t('addresses.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
