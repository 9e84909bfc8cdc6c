import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A reason the user reads must say something. */
const reasonLengthMin = 2;
const reasonLengthMax = 200;

type Props = {
  /** Resolves to a message that replaces the default "approved" text (e.g. "first approval"). */
  onApprove: () => Promise<string | undefined>;
  onReject: (reason: string) => Promise<unknown>;
  /** Extra words in the approval confirmation, e.g. the amount that will be credited. */
  approveNote?: string;
  /** Why approving is not possible for this member now (e.g. they already gave one approval). */
  approveBlocked?: string;
};

/** Approve (after a confirmation) or reject with a required reason; errors come back localised. */
export function DecisionBar({ onApprove, onReject, approveNote, approveBlocked }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<string | undefined>, done: string) => {
    setBusy(true);
    try {
      const note = await action();
      void message.success(note ?? done);
      setRejecting(false);
      setReason('');
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const approveButton = (
    <Button
      type="primary"
      icon={<CheckOutlined />}
      loading={busy}
      disabled={approveBlocked !== undefined}
      data-testid="review-approve"
    >
      {t('review.approve')}
    </Button>
  );

  return (
    <Space wrap>
      {approveBlocked ? (
        <Tooltip title={approveBlocked}>{approveButton}</Tooltip>
      ) : (
        <Popconfirm
          title={t('review.approveConfirm')}
          description={approveNote}
          okText={t('review.approve')}
          cancelText={t('cancel')}
          onConfirm={() => run(onApprove, t('review.approved'))}
          okButtonProps={{ className: 'review-approve-confirm' }}
        >
          {approveButton}
        </Popconfirm>
      )}
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="review-reject">
        {t('review.reject')}
      </Button>
      {approveBlocked && (
        <Typography.Text type="secondary" data-testid="review-blocked">
          {approveBlocked}
        </Typography.Text>
      )}
      <Modal
        open={rejecting}
        title={t('review.rejectTitle')}
        okText={t('review.reject')}
        cancelText={t('cancel')}
        okButtonProps={{
          danger: true,
          disabled: reason.trim().length < reasonLengthMin,
          loading: busy,
          className: 'review-reject-confirm',
        }}
        onOk={() =>
          run(async () => {
            await onReject(reason.trim());
            return undefined;
          }, t('review.rejected'))
        }
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          rows={3}
          maxLength={reasonLengthMax}
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
