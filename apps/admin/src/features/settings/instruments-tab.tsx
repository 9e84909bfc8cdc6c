import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminInstrument,
  adminContentInstrumentsCreateRoute,
  adminContentInstrumentsRoute,
  adminContentInstrumentsUpdateRoute,
  adminInstrumentSchema,
  type InstrumentKind,
  instrumentKinds,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';

type CreateForm = {
  symbol: string;
  kind: InstrumentKind;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  price_decimals: number;
  reference_price: string;
  trading_hours?: string;
  sort_order?: number;
};
type UpdateForm = { price_decimals: number; trading_hours?: string; sort_order: number };

const decimalPattern = /^\d+(\.\d+)?$/;

/** Instruments: list, add one on the simulated feed, change display fields, pause and resume. */
export function InstrumentsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminInstrument | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const [updateForm] = Form.useForm<UpdateForm>();
  const instruments = useQuery({
    queryKey: ['settings', 'instruments'],
    queryFn: () => callRoute(adminContentInstrumentsRoute),
  });
  const attempt = async (action: () => Promise<unknown>) => {
    try {
      await action();
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      return true;
    } catch (failure) {
      void message.error(failureText(failure));
      return false;
    }
  };
  const decimalRule = { required: true, pattern: decimalPattern, message: t('settings.decimalInvalid') };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={8} wrap>
        <Alert
          type="info"
          showIcon
          title={t('settings.instrumentsNote')}
          style={{ flex: 1, minWidth: 260 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('settings.newInstrument')}
        </Button>
      </Flex>
      <Table<AdminInstrument>
        rowKey="id"
        size="middle"
        loading={instruments.isLoading}
        dataSource={instruments.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: instruments.error ? instruments.error.message : t('review.empty') }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 64 },
          { title: t('settings.symbol'), render: (_, row) => <strong>{row.symbol}</strong> },
          { title: t('settings.kind'), render: (_, row) => <Tag>{row.kind}</Tag> },
          { title: t('settings.tick'), dataIndex: 'tick_size' },
          { title: t('settings.lot'), dataIndex: 'lot_size' },
          { title: t('settings.decimals'), dataIndex: 'price_decimals' },
          { title: t('settings.hours'), render: (_, row) => row.trading_hours ?? '24/7' },
          { title: t('settings.feed'), dataIndex: 'feed' },
          {
            title: t('fields.status'),
            render: (_, row) =>
              row.status === 'trading' ? (
                <Tag color="green">{t('settings.trading')}</Tag>
              ) : (
                <Tag color="orange">{t('settings.paused')}</Tag>
              ),
          },
          {
            title: '',
            render: (_, row) => (
              <Flex gap={8}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    updateForm.setFieldsValue({
                      price_decimals: row.price_decimals,
                      trading_hours: row.trading_hours ?? '',
                      sort_order: row.sort_order,
                    });
                    setEditing(row);
                  }}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={
                    row.status === 'trading'
                      ? t('settings.pauseConfirm', { symbol: row.symbol })
                      : t('settings.resumeConfirm', { symbol: row.symbol })
                  }
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  onConfirm={() =>
                    attempt(() =>
                      call(
                        'POST',
                        row.status === 'trading'
                          ? '/admin/content/instruments/pause'
                          : '/admin/content/instruments/resume',
                        {
                          schema: adminInstrumentSchema,
                          body: { id: row.id },
                        },
                      ),
                    )
                  }
                >
                  <Button
                    size="small"
                    icon={row.status === 'trading' ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                  >
                    {row.status === 'trading' ? t('settings.pause') : t('settings.resume')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('settings.newInstrument')}
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => createForm.submit()}
        onCancel={() => setCreating(false)}
        width={640}
      >
        <Form<CreateForm>
          form={createForm}
          layout="vertical"
          initialValues={{ kind: 'spot', price_decimals: 2 }}
          onFinish={async (values) => {
            const done = await attempt(() =>
              callRoute(adminContentInstrumentsCreateRoute, {
                params: { ...values, trading_hours: values.trading_hours?.trim() || null },
              }),
            );
            if (done) {
              setCreating(false);
              createForm.resetFields();
            }
          }}
        >
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="symbol" label={t('settings.symbol')} rules={[{ required: true }]}>
                <Input placeholder="BTC/USDT" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="kind" label={t('settings.kind')} rules={[{ required: true }]}>
                <Select options={instrumentKinds.map((value) => ({ value, label: value }))} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="base" label={t('settings.base')} rules={[{ required: true }]}>
                <Input placeholder="BTC" />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="quote" label={t('settings.quote')} rules={[{ required: true }]}>
                <Input placeholder="USDT" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name="tick_size" label={t('settings.tick')} rules={[decimalRule]}>
                <Input placeholder="0.01" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name="lot_size" label={t('settings.lot')} rules={[decimalRule]}>
                <Input placeholder="0.0001" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name="price_decimals" label={t('settings.decimals')} rules={[{ required: true }]}>
                <InputNumber min={0} max={12} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item
                name="reference_price"
                label={t('settings.referencePrice')}
                extra={t('settings.referenceHelp')}
                rules={[decimalRule]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="trading_hours" label={t('settings.hours')} extra={t('settings.hoursHelp')}>
                <Input placeholder="09:30-16:00 America/New_York" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
      <Modal
        open={editing !== null}
        title={editing?.symbol}
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => updateForm.submit()}
        onCancel={() => setEditing(null)}
      >
        <Form<UpdateForm>
          form={updateForm}
          layout="vertical"
          onFinish={async (values) => {
            if (!editing) return;
            const done = await attempt(() =>
              callRoute(adminContentInstrumentsUpdateRoute, {
                params: { id: editing.id, ...values, trading_hours: values.trading_hours?.trim() || null },
              }),
            );
            if (done) setEditing(null);
          }}
        >
          <Form.Item name="price_decimals" label={t('settings.decimals')} rules={[{ required: true }]}>
            <InputNumber min={0} max={12} />
          </Form.Item>
          <Form.Item name="trading_hours" label={t('settings.hours')} extra={t('settings.hoursHelp')}>
            <Input />
          </Form.Item>
          <Form.Item name="sort_order" label={t('content.order')} rules={[{ required: true }]}>
            <InputNumber min={0} max={1_000_000} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
