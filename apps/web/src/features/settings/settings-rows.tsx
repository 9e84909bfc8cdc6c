import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type RowContent = { icon?: ReactNode; label: ReactNode; value?: ReactNode; chevron?: boolean };

function RowInner({ icon, label, value, chevron = true }: RowContent) {
  return (
    <>
      {icon && <span className="settings-row-icon">{icon}</span>}
      <span className="settings-row-label">{label}</span>
      {value !== undefined && <span className="settings-row-value">{value}</span>}
      {chevron && <RightOutline className="settings-row-chevron" fontSize={14} />}
    </>
  );
}

export function ButtonRow(props: RowContent & { onClick: () => void; testId?: string }) {
  return (
    <button type="button" className="settings-row" onClick={props.onClick} data-testid={props.testId}>
      <RowInner {...props} />
    </button>
  );
}

export function LinkRow(props: RowContent & { to: string; testId?: string }) {
  return (
    <Link className="settings-row" to={props.to} data-testid={props.testId}>
      <RowInner {...props} />
    </Link>
  );
}

export function StaticRow(props: RowContent) {
  return (
    <div className="settings-row is-static">
      <RowInner {...props} chevron={false} />
    </div>
  );
}

export function SettingsGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="settings-group">
      {title && <h2 className="settings-group-title">{title}</h2>}
      <div className="settings-card">{children}</div>
    </section>
  );
}
