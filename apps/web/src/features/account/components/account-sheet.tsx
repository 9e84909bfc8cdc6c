import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AccountSheetProps = {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

/** A bottom sheet holding a short form (bind e-mail, bind phone). */
export function AccountSheet({ visible, title, onClose, children, testId }: AccountSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet-body"
      destroyOnClose
    >
      <div className="sheet account-sheet" data-testid={testId}>
        <div className="sheet-header">
          <h2 className="sheet-title">{title}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common:actions.close')}
          >
            <CloseOutline fontSize={20} />
          </button>
        </div>
        <div className="account-sheet-body">{children}</div>
      </div>
    </Popup>
  );
}
