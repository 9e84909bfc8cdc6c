import {
  type StaffProfile,
  type StaffRoleName,
  type StaffTotpEnrolment,
  staffListReplySchema,
  staffProfileSchema,
  staffRoleNames,
  staffTotpEnrolmentSchema,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';

type CreateForm = { email: string; name: string; roles: StaffRoleName[]; password: string };

/** Admins create staff, set roles, disable accounts and reset a lost authenticator. */
export function StaffPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [enrolment, setEnrolment] = useState<StaffTotpEnrolment | null>(null);
  const [form] = Form.useForm<CreateForm>();
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => call('GET', '/admin/staff', { schema: staffListReplySchema }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff'] });
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      refresh();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const create = (values: CreateForm) =>
    act(async () => {
      setEnrolment(
        await call('POST', '/admin/staff/create', { schema: staffTotpEnrolmentSchema, body: { ...values } }),
      );
      setCreating(false);
      form.resetFields();
    });

  return (
    <Card
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="staff-create">
          {t('staff.create')}
        </Button>
      }
    >
      <Table<StaffProfile>
        rowKey="id"
        size="middle"
        loading={staff.isLoading}
        dataSource={staff.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('login.email'), dataIndex: 'email' },
          {
            title: t('staff.roles'),
            render: (_, member) => (
              <Space size={4} wrap>
                {member.roles.map((role) => (
                  <Tag key={role} color="gold">
                    {t(`roles.${role}`)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('fields.status'), render: (_, member) => <StatusTag status={member.status} /> },
          { title: t('staff.lastLogin'), render: (_, member) => dateTime(member.last_login_at) },
          {
            title: '',
            render: (_, member) => (
              <Space>
                <Button
                  size="small"
                  onClick={() =>
                    act(() =>
                      call('POST', '/admin/staff/update', {
                        schema: staffProfileSchema,
                        body: { id: member.id, status: member.status === 'active' ? 'disabled' : 'active' },
                      }),
                    )
                  }
                >
                  {member.status === 'active' ? t('staff.disable') : t('staff.enable')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act(async () =>
                      setEnrolment(
                        await call('POST', '/admin/staff/reset_totp', {
                          schema: staffTotpEnrolmentSchema,
                          body: { id: member.id },
                        }),
                      ),
                    )
                  }
                >
                  {t('staff.resetTotp')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('staff.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        okText={t('staff.create')}
        cancelText={t('cancel')}
      >
        <Form<CreateForm> form={form} layout="vertical" onFinish={create}>
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('login.email')} rules={[{ required: true, type: 'email' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="roles" label={t('staff.roles')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              options={staffRoleNames.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            extra={t('staff.passwordHelp')}
            rules={[{ required: true, min: 12 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={enrolment !== null}
        title={t('staff.enrolTitle')}
        footer={null}
        onCancel={() => setEnrolment(null)}
      >
        {enrolment && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('staff.enrolOnce')} />
            <Typography.Text>{`${enrolment.staff.name} · ${enrolment.staff.email}`}</Typography.Text>
            <Typography.Text code copyable data-testid="staff-totp-secret">
              {enrolment.totp_secret}
            </Typography.Text>
            <Typography.Paragraph copyable type="secondary" style={{ wordBreak: 'break-all' }}>
              {enrolment.otpauth_uri}
            </Typography.Paragraph>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
