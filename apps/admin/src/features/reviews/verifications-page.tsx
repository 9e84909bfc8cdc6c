import {
  adminVerificationsDecideRoute,
  adminVerificationsRoute,
  type VerificationRequest,
  verificationQueueReplySchema,
  verificationStatuses,
} from '@fairex/contract';
import { Descriptions, type DescriptionsProps, Divider, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionBar } from '../../components/decision-bar';
import { PrivateImage } from '../../components/private-image';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';

function decide(id: number, decision: 'approve' | 'reject', reason?: string) {
  return callRoute(adminVerificationsDecideRoute, {
    params:
      decision === 'reject'
        ? { id, decision, reason: reason ?? '' }
        : { id, decision, ...(reason ? { reason } : {}) },
  });
}

function facts(item: VerificationRequest, t: (key: string) => string): DescriptionsProps['items'] {
  return [
    { key: 'user', label: t('fields.user'), children: `#${item.user_id} ${item.account}` },
    { key: 'level', label: t('fields.level'), children: <Tag color="geekblue">{`Lv${item.level}`}</Tag> },
    { key: 'name', label: t('fields.name'), children: item.name ?? '—' },
    { key: 'idType', label: t('fields.idType'), children: item.id_type ?? '—' },
    { key: 'idNumber', label: t('fields.idNumber'), children: item.card_id ?? '—' },
    { key: 'status', label: t('fields.status'), children: <StatusTag status={item.status} /> },
    { key: 'submitted', label: t('fields.submitted'), children: dateTime(item.created_at) },
    ...(item.reason ? [{ key: 'reason', label: t('fields.reason'), children: item.reason }] : []),
  ];
}

/** Lv1 (name and ID number) and Lv2 (ID photos) requests: approve raises the user's level. */
export function VerificationsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<VerificationRequest>
      name="verifications"
      listRoute={adminVerificationsRoute}
      statuses={verificationStatuses}
      schema={verificationQueueReplySchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id', width: 72 },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        { title: t('fields.level'), render: (_, item) => <Tag color="geekblue">{`Lv${item.level}`}</Tag> },
        { title: t('fields.name'), dataIndex: 'name' },
        { title: t('fields.status'), render: (_, item) => <StatusTag status={item.status} /> },
        { title: t('fields.submitted'), render: (_, item) => dateTime(item.created_at) },
      ]}
      detail={(item, decided) => (
        <Flex vertical gap={20}>
          <Descriptions column={1} bordered size="small" items={facts(item, t)} />
          {item.level >= 2 && (
            <Flex gap={16} wrap>
              <PrivateImage path={item.front_pic} label={t('fields.front')} />
              <PrivateImage path={item.reverse_pic} label={t('fields.back')} />
            </Flex>
          )}
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                onApprove={async () => {
                  await decide(item.id, 'approve');
                  decided();
                  return undefined;
                }}
                onReject={(reason) => decide(item.id, 'reject', reason).then(decided)}
              />
            </>
          )}
        </Flex>
      )}
    />
  );
}
