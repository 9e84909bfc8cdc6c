import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type RowContent = { icon: ReactNode; label: ReactNode; value?: ReactNode; detail?: ReactNode };

function RowInner({ icon, label, value, detail, chevron }: RowContent & { chevron: boolean }) {
  return (
    <>
      <span className="account-row-icon">{icon}</span>
      <span className="account-row-text">
        <span className="account-row-label">{label}</span>
        {detail && <span className="account-row-detail">{detail}</span>}
      </span>
      {value !== undefined && <span className="account-row-value">{value}</span>}
      {chevron && <RightOutline className="account-row-chevron" fontSize={14} />}
    </>
  );
}

/** A security setting that opens its page. */
export function AccountLinkRow(props: RowContent & { to: string; testId: string }) {
  return (
    <Link className="account-row" to={props.to} data-testid={props.testId}>
      <RowInner {...props} chevron />
    </Link>
  );
}

/** A security setting that opens a sheet, or shows its state when there is nothing to do. */
export function AccountButtonRow(props: RowContent & { onClick?: () => void; testId: string }) {
  if (!props.onClick) {
    return (
      <div className="account-row is-static" data-testid={props.testId}>
        <RowInner {...props} chevron={false} />
      </div>
    );
  }
  return (
    <button type="button" className="account-row" onClick={props.onClick} data-testid={props.testId}>
      <RowInner {...props} chevron />
    </button>
  );
}
