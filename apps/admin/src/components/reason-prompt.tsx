import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  okText: string;
  /** A reason is required unless this is false. */
  required?: boolean;
  lengthMin: number;
  lengthMax: number;
  danger?: boolean;
  /** Rejects (after telling the member why) to keep the prompt open. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

/** A confirmation that asks why; the reason goes to the audit log (and sometimes to the user). */
export function ReasonPrompt(props: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const text = reason.trim();
  const valid =
    props.required === false
      ? text.length === 0 || text.length >= props.lengthMin
      : text.length >= props.lengthMin;
  const close = () => {
    setReason('');
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('cancel')}
      okButtonProps={{ danger: props.danger, disabled: !valid, loading: busy, className: 'reason-prompt-ok' }}
      onCancel={close}
      onOk={async () => {
        setBusy(true);
        try {
          await props.onSubmit(text);
          close();
        } catch {
          // The caller has shown why; the prompt stays open for another try.
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Input.TextArea
        rows={3}
        maxLength={props.lengthMax}
        showCount
        value={reason}
        placeholder={props.required === false ? t('users.reasonOptional') : t('users.reasonRequired')}
        onChange={(event) => setReason(event.target.value)}
        data-testid="reason-prompt-input"
      />
    </Modal>
  );
}
