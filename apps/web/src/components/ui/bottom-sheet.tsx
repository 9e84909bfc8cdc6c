import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type BottomSheetProps = {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra classes on the sheet, e.g. "account-sheet is-tall". */
  className?: string;
  testId?: string;
};

/** The app's bottom sheet: a titled panel with a close button; a tap outside closes it too. */
export function BottomSheet({ visible, title, onClose, children, className, testId }: BottomSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet-body"
      destroyOnClose
    >
      <div className={className ? `sheet ${className}` : 'sheet'} data-testid={testId}>
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
        {children}
      </div>
    </Popup>
  );
}
