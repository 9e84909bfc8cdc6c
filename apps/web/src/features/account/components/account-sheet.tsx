import type { ReactNode } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';

type AccountSheetProps = {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

/** A bottom sheet holding a short form (bind e-mail, bind phone). */
export function AccountSheet({ visible, title, onClose, children, testId }: AccountSheetProps) {
  return (
    <BottomSheet visible={visible} title={title} onClose={onClose} className="account-sheet" testId={testId}>
      <div className="account-sheet-body">{children}</div>
    </BottomSheet>
  );
}
