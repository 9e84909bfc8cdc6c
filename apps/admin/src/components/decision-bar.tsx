import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  /** Extra words in the approval confirmation, e.g. the amount that will be credited. */
  approveNote?: string;
};

/** Approve (after a confirmation) or reject with a required reason; errors come back localised. */
export function DecisionBar({ onApprove, onReject, approveNote }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
      setRejecting(false);
      setReason('');
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space>
      <Popconfirm
        title={t('review.approveConfirm')}
        description={approveNote}
        okText={t('review.approve')}
        cancelText={t('cancel')}
        onConfirm={() => run(onApprove, t('review.approved'))}
        okButtonProps={{ className: 'review-approve-confirm' }}
      >
        <Button type="primary" icon={<CheckOutlined />} loading={busy} data-testid="review-approve">
          {t('review.approve')}
        </Button>
      </Popconfirm>
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="review-reject">
        {t('review.reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t('review.rejectTitle')}
        okText={t('review.reject')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: busy }}
        onOk={() => run(() => onReject(reason.trim()), t('review.rejected'))}
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          value={reason}
          placeholder={t('review.reasonPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
          data-testid="review-reason"
        />
      </Modal>
    </Space>
  );
}
