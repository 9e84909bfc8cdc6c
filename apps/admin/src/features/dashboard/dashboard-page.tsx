import {
  depositQueueSchema,
  verificationQueueReplySchema,
  withdrawalQueueReplySchema,
} from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { canOpen, sections } from '../../lib/roles';
import { useSession } from '../../lib/session';

const queues = [
  { key: 'verifications', schema: verificationQueueReplySchema },
  { key: 'deposits', schema: depositQueueSchema },
  { key: 'withdrawals', schema: withdrawalQueueReplySchema },
] as const;

function PendingCard({ queue }: { queue: (typeof queues)[number] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useQuery({
    queryKey: ['dashboard', queue.key],
    queryFn: () =>
      call('GET', `/admin/${queue.key}`, {
        schema: queue.schema as { parse(value: unknown): { total: number } },
        query: { status: 'pending' },
      }),
    refetchInterval: 30_000,
  });
  return (
    <Card hoverable onClick={() => navigate(`/${queue.key}`)} data-testid={`dashboard-${queue.key}`}>
      <Statistic
        title={t('dashboard.pending', { queue: t(`nav.${queue.key}`) })}
        value={pending.data?.total ?? '—'}
        loading={pending.isLoading}
      />
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
    <>
      <Typography.Title level={4}>
        {t('dashboard.welcome', { name: session?.staff.name ?? '' })}
      </Typography.Title>
      <Alert type="info" showIcon message={t('dashboard.honesty')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {open.map((queue) => (
          <Col xs={24} sm={12} lg={8} key={queue.key}>
            <PendingCard queue={queue} />
          </Col>
        ))}
      </Row>
    </>
  );
}
