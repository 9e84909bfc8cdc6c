import { KeyOutlined, PlusOutlined, StopOutlined, UserSwitchOutlined } from '@ant-design/icons';
import {
  adminStaffCreateRoute,
  adminStaffResetTotpRoute,
  adminStaffRoute,
  adminStaffUpdateRoute,
  type StaffProfile,
  type StaffRoleName,
  type StaffTotpEnrolment,
  staffPasswordLengthMin,
  staffRoleNames,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/status-tag';
import { TotpEnrolment } from '../../components/totp-enrolment';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

type CreateForm = { email: string; name: string; roles: StaffRoleName[]; password: string };
type RolesForm = { roles: StaffRoleName[]; linked_user_id?: number | null };

/** Admins create staff, set roles, disable accounts and reset a lost authenticator. */
export function StaffPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const myId = useSession()?.staff.id;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffProfile | null>(null);
  const [enrolment, setEnrolment] = useState<StaffTotpEnrolment | null>(null);
  const [form] = Form.useForm<CreateForm>();
  const [rolesForm] = Form.useForm<RolesForm>();
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => callRoute(adminStaffRoute),
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
  const update = (body: {
    id: number;
    roles?: StaffRoleName[];
    status?: 'active' | 'disabled';
    linked_user_id?: number;
  }) => callRoute(adminStaffUpdateRoute, { params: body });
  const create = (values: CreateForm) =>
    act(async () => {
      setEnrolment(await callRoute(adminStaffCreateRoute, { params: { ...values } }));
      setCreating(false);
      form.resetFields();
    });
  const roleOptions = staffRoleNames.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  return (
    <Card
      title={t('staff.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="staff-create"
        >
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
        locale={{ emptyText: staff.error ? staff.error.message : t('review.empty') }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 64 },
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('login.email'), dataIndex: 'email' },
          {
            title: t('staff.roles'),
            render: (_, member) => (
              <Flex gap={4} wrap>
                {member.roles.map((role) => (
                  <Tag key={role} color="gold">
                    {t(`roles.${role}`)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('fields.status'),
            render: (_, member) => (
              <Flex gap={4} wrap>
                <StatusTag status={member.status} />
                {member.linked_user_id !== null && (
                  <Tag color="purple">{t('staff.holdsUser', { user: member.linked_user_id })}</Tag>
                )}
                {member.locked_until !== null && member.locked_until > Date.now() && (
                  <Tag color="red">{t('staff.lockedUntil', { time: dateTime(member.locked_until) })}</Tag>
                )}
              </Flex>
            ),
          },
          { title: t('staff.lastLogin'), render: (_, member) => dateTime(member.last_login_at) },
          {
            title: '',
            fixed: 'right',
            render: (_, member) =>
              member.id === myId ? (
                <Tag>{t('staff.you')}</Tag>
              ) : (
                <Flex gap={8}>
                  <Button
                    size="small"
                    icon={<UserSwitchOutlined />}
                    onClick={() => {
                      setEditing(member);
                      rolesForm.setFieldsValue({
                        roles: member.roles,
                        linked_user_id: member.linked_user_id,
                      });
                    }}
                  >
                    {t('staff.editRoles')}
                  </Button>
                  <Popconfirm
                    title={member.status === 'active' ? t('staff.disableConfirm') : t('staff.enableConfirm')}
                    okText={t('confirm')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      act(() =>
                        update({ id: member.id, status: member.status === 'active' ? 'disabled' : 'active' }),
                      )
                    }
                  >
                    <Button size="small" danger={member.status === 'active'} icon={<StopOutlined />}>
                      {member.status === 'active' ? t('staff.disable') : t('staff.enable')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('staff.resetConfirm')}
                    okText={t('confirm')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      act(async () =>
                        setEnrolment(
                          await callRoute(adminStaffResetTotpRoute, { params: { id: member.id } }),
                        ),
                      )
                    }
                  >
                    <Tooltip title={t('staff.resetTotp')}>
                      <Button size="small" icon={<KeyOutlined />} aria-label={t('staff.resetTotp')} />
                    </Tooltip>
                  </Popconfirm>
                </Flex>
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
        okButtonProps={{ className: 'staff-create-submit' }}
      >
        <Form<CreateForm> form={form} layout="vertical" onFinish={create}>
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true }]}>
            <Input data-testid="staff-name" />
          </Form.Item>
          <Form.Item name="email" label={t('login.email')} rules={[{ required: true, type: 'email' }]}>
            <Input data-testid="staff-email" />
          </Form.Item>
          <Form.Item name="roles" label={t('staff.roles')} rules={[{ required: true }]}>
            <Select mode="multiple" options={roleOptions} data-testid="staff-roles" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            extra={t('staff.passwordHelp')}
            rules={[{ required: true, min: staffPasswordLengthMin }]}
          >
            <Input.Password autoComplete="new-password" data-testid="staff-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={editing !== null}
        title={editing ? t('staff.editRolesOf', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => rolesForm.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
      >
        <Form<RolesForm>
          form={rolesForm}
          layout="vertical"
          onFinish={(values) =>
            editing &&
            act(async () => {
              await update({
                id: editing.id,
                roles: values.roles,
                linked_user_id: values.linked_user_id ?? 0,
              });
              setEditing(null);
              void message.success(t('saved'));
            })
          }
        >
          <Form.Item name="roles" label={t('staff.roles')} rules={[{ required: true }]}>
            <Select mode="multiple" options={roleOptions} />
          </Form.Item>
          <Form.Item name="linked_user_id" label={t('staff.linkedUser')} extra={t('staff.linkedUserHelp')}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={enrolment !== null}
        title={t('staff.enrolTitle')}
        width={640}
        footer={
          <Button type="primary" onClick={() => setEnrolment(null)}>
            {t('staff.enrolDone')}
          </Button>
        }
        onCancel={() => setEnrolment(null)}
        mask={{ closable: false }}
      >
        {enrolment && <TotpEnrolment enrolment={enrolment} />}
      </Modal>
    </Card>
  );
}
