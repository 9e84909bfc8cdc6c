import { ExportOutlined, IdcardOutlined, ImportOutlined, RightOutlined } from '@ant-design/icons';
import {
  adminDepositsRoute,
  adminVerificationsRoute,
  adminWithdrawalsRoute,
  depositQueueSchema,
  verificationQueueReplySchema,
  withdrawalQueueReplySchema,
} from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { canOpen, sections } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { HaltsCard } from './halts-card';

/** Pending counts refresh this often while the overview is open. */
const refreshIntervalMs = 30_000;

const queues = [
  {
    key: 'verifications',
    route: adminVerificationsRoute,
    schema: verificationQueueReplySchema,
    icon: <IdcardOutlined />,
    colour: '#2f54eb',
  },
  {
    key: 'deposits',
    route: adminDepositsRoute,
    schema: depositQueueSchema,
    icon: <ImportOutlined />,
    colour: '#389e0d',
  },
  {
    key: 'withdrawals',
    route: adminWithdrawalsRoute,
    schema: withdrawalQueueReplySchema,
    icon: <ExportOutlined />,
    colour: '#d46b08',
  },
] as const;

function PendingCard({ queue }: { queue: (typeof queues)[number] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useQuery({
    queryKey: ['dashboard', queue.key],
    queryFn: () =>
      call('GET', queue.route.path, {
        schema: queue.schema as { parse(value: unknown): { total: number } },
        query: { status: 'pending' },
      }),
    refetchInterval: refreshIntervalMs,
  });
  const icon: ReactNode = (
    <span className="console-stat-icon" style={{ color: queue.colour }}>
      {queue.icon}
    </span>
  );
  return (
    <Card
      hoverable
      className="console-stat-card"
      onClick={() => navigate(`/${queue.key}`)}
      data-testid={`dashboard-${queue.key}`}
    >
      <Flex justify="space-between" align="flex-start">
        <Statistic
          title={t('dashboard.pending', { queue: t(`nav.${queue.key}`) })}
          value={pending.error ? '—' : (pending.data?.total ?? 0)}
          loading={pending.isLoading}
          prefix={icon}
        />
        <RightOutlined style={{ color: 'rgba(0,0,0,0.25)', marginTop: 4 }} />
      </Flex>
      <Typography.Text type={pending.error ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {pending.error ? pending.error.message : t('dashboard.open')}
      </Typography.Text>
    </Card>
  );
}

/** What waits for this staff member: the pending requests of the queues their roles open. */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const roles = session?.staff.roles ?? [];
  const open = queues.filter((queue) => {
    const section = sections.find((candidate) => candidate.key === queue.key);
    return section !== undefined && canOpen(roles, section);
  });
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboard.welcome', { name: session?.staff.name ?? '' })}
        </Typography.Title>
        <Flex gap={4} wrap align="center">
          <Typography.Text type="secondary">{t('dashboard.rolesLine')}</Typography.Text>
          {roles.map((role) => (
            <Tag key={role}>{t(`roles.${role}`)}</Tag>
          ))}
        </Flex>
      </Flex>
      <Alert type="info" showIcon title={t('dashboard.honesty')} />
      <HaltsCard canResume={roles.includes('admin')} />
      {open.length > 0 ? (
        <Row gutter={[16, 16]}>
          {open.map((queue) => (
            <Col xs={24} md={12} xl={8} key={queue.key}>
              <PendingCard queue={queue} />
            </Col>
          ))}
        </Row>
      ) : (
        <Card>
          <Typography.Text type="secondary">{t('dashboard.noQueues')}</Typography.Text>
        </Card>
      )}
    </Flex>
  );
}
