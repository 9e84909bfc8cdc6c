import {
  type VerificationRequest,
  verificationQueueReplySchema,
  verificationRequestSchema,
  verificationStatuses,
} from '@fairex/contract';
import { Descriptions, Divider, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionBar } from '../../components/decision-bar';
import { PrivateImage } from '../../components/private-image';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';

function decide(id: number, decision: 'approve' | 'reject', reason?: string) {
  return call('POST', '/admin/verifications/decide', {
    schema: verificationRequestSchema,
    body: { id, decision, ...(reason ? { reason } : {}) },
  });
}

/** Lv1 (name and ID number) and Lv2 (ID photos) requests: approve raises the user's level. */
export function VerificationsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<VerificationRequest>
      name="verifications"
      statuses={verificationStatuses}
      schema={verificationQueueReplySchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id' },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        { title: t('fields.level'), render: (_, item) => `Lv${item.level}` },
        { title: t('fields.name'), dataIndex: 'name' },
        { title: t('fields.status'), render: (_, item) => <StatusTag status={item.status} /> },
        { title: t('fields.submitted'), render: (_, item) => dateTime(item.created_at) },
      ]}
      detail={(item, decided) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item
              label={t('fields.user')}
            >{`#${item.user_id} ${item.account}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.level')}>{`Lv${item.level}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.name')}>{item.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.idType')}>{item.id_type ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.idNumber')}>{item.card_id ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StatusTag status={item.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.submitted')}>{dateTime(item.created_at)}</Descriptions.Item>
            {item.reason ? (
              <Descriptions.Item label={t('fields.reason')}>{item.reason}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {item.level >= 2 && (
            <Space wrap>
              <PrivateImage path={item.front_pic} label={t('fields.front')} />
              <PrivateImage path={item.reverse_pic} label={t('fields.back')} />
            </Space>
          )}
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                onApprove={() => decide(item.id, 'approve').then(decided)}
                onReject={(reason) => decide(item.id, 'reject', reason).then(decided)}
              />
            </>
          )}
        </Space>
      )}
    />
  );
}
