import { PauseCircleOutlined } from '@ant-design/icons';
import { type Halt, haltListRoute, haltResumeRoute } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';

/** Halts refresh this often while the overview is open. */
const refreshIntervalMs = 15_000;
const haltsKey = ['dashboard', 'halts'] as const;

/**
 * Pairs and products a broken invariant halted: what was found, when, and (for admins) Resume.
 * Until then they refuse new business with a clear message to users.
 */
export function HaltsCard({ canResume }: { canResume: boolean }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const halts = useQuery({
    queryKey: haltsKey,
    queryFn: () => callRoute(haltListRoute),
    refetchInterval: refreshIntervalMs,
  });
  const open = halts.data?.open ?? [];

  const resume = (halt: Halt) =>
    modal.confirm({
      title: t('dashboard.resumeConfirm', { scope: halt.scope }),
      okText: t('dashboard.resume'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await callRoute(haltResumeRoute, { params: { scope: halt.scope } });
          void message.success(t('dashboard.resumed', { scope: halt.scope }));
          void queryClient.invalidateQueries({ queryKey: haltsKey });
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });

  return (
    <Card
      data-testid="dashboard-halts"
      title={
        <Flex gap={8} align="center">
          <PauseCircleOutlined style={{ color: open.length > 0 ? '#cf1322' : 'rgba(0,0,0,0.45)' }} />
          {t('dashboard.haltsTitle')}
          {open.length > 0 && <Tag color="red">{open.length}</Tag>}
        </Flex>
      }
      loading={halts.isLoading}
    >
      {halts.error ? (
        <Alert type="error" showIcon title={halts.error.message} />
      ) : open.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.haltsNone')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('dashboard.haltsIntro')}</Typography.Text>
          <List
            dataSource={open}
            renderItem={(halt) => (
              <List.Item
                actions={
                  canResume
                    ? [
                        <Button key="resume" danger onClick={() => resume(halt)}>
                          {t('dashboard.resume')}
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={<Typography.Text code>{halt.scope}</Typography.Text>}
                  description={
                    <Flex vertical>
                      <Typography.Text>{halt.reason}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('dashboard.haltedAt', {
                          time: new Date(halt.halted_at).toLocaleString(i18n.language),
                        })}
                      </Typography.Text>
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Card>
  );
}
