import { type ContractInstrument, contractsAdminRoute } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';

const refreshIntervalMs = 10_000;

/** Share of a cap in use, in percent (0 when there is no cap). */
function usedPercent(used: string, cap: string): number {
  const capValue = Number(cap);
  return capValue > 0 ? Math.min(100, Math.round((Number(used) / capValue) * 1000) / 10) : 0;
}

/**
 * Contracts (issue 17), read only: the house pool and the insurance account, and per instrument
 * the terms new positions open with, the open interest per side and its cap. Nobody, staff
 * included, can set a price, a fill or an outcome.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const view = useQuery({
    queryKey: ['contracts', 'admin'],
    queryFn: () => callRoute(contractsAdminRoute),
    refetchInterval: refreshIntervalMs,
  });
  const data = view.data;
  const side = (instrument: ContractInstrument, name: 'long' | 'short') => {
    const figures = instrument[name];
    return (
      <Flex vertical gap={2}>
        <Typography.Text>
          {figures.used} / {figures.cap}
        </Typography.Text>
        <Progress percent={usedPercent(figures.used, figures.cap)} size="small" showInfo={false} />
      </Flex>
    );
  };
  return (
    <Flex vertical gap={16} data-testid="contracts-page">
      <Typography.Title level={3}>{t('contracts.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('contracts.intro')}</Typography.Paragraph>
      {view.error && <Alert type="error" showIcon title={view.error.message} />}
      <Card loading={view.isLoading} title={t('contracts.pool')}>
        {data && (
          <Descriptions column={{ xs: 1, md: 4 }} size="small">
            <Descriptions.Item label={t('contracts.poolBalance')}>
              {data.pool.pool_balance} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.poolReserved')}>
              {data.pool.pool_reserved} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.insurance')}>
              {data.pool.insurance_balance} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.openPositions')}>{data.open_positions}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('contracts.instruments')}>
        <Table<ContractInstrument>
          rowKey="currency_id"
          size="small"
          loading={view.isLoading}
          dataSource={data?.instruments ?? []}
          pagination={{ pageSize: 15 }}
          scroll={{ x: 1100 }}
          columns={[
            {
              title: t('contracts.symbol'),
              dataIndex: 'symbol',
              render: (symbol: string, row) => (
                <Flex gap={6} align="center">
                  <Typography.Text strong>{symbol}</Typography.Text>
                  <Tag>{t(row.kind === 'stock' ? 'contracts.stock' : 'contracts.perpetual')}</Tag>
                </Flex>
              ),
            },
            { title: t('contracts.reference'), render: (_, row) => row.reference?.price ?? '—' },
            { title: t('contracts.contractSize'), dataIndex: 'lever_share_num' },
            { title: t('contracts.multiples'), render: (_, row) => row.multiples.join(', ') },
            { title: t('contracts.spread'), dataIndex: 'spread' },
            { title: t('contracts.fees'), render: (_, row) => `${row.lever_trade_fee}% / ${row.close_fee}%` },
            { title: t('contracts.overnight'), render: (_, row) => `${row.overnight_fee}%` },
            { title: t('contracts.maintenance'), render: (_, row) => `${row.maintenance}%` },
            { title: t('contracts.long'), render: (_, row) => side(row, 'long') },
            { title: t('contracts.short'), render: (_, row) => side(row, 'short') },
            {
              title: t('contracts.session'),
              render: (_, row) =>
                row.session.open ? (
                  <Tag color="green">{t('contracts.open')}</Tag>
                ) : (
                  <Tag>{t('contracts.closed')}</Tag>
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
