import type { ReactNode } from 'react';
import './ui.css';

type SegmentedTabsProps<V extends string> = {
  value: V;
  options: readonly { value: V; label: ReactNode; testId?: string }[];
  onChange: (value: V) => void;
  /** The tab list's name, or the id of the element that names it. */
  label: string | { labelledBy: string };
  /** A darker pill, for tabs on a raised card. */
  sunken?: boolean;
  className?: string;
};

/** Equal tabs in a pill (Email | Phone, Address | Bank card, the account kinds, a coin's networks). */
export function SegmentedTabs<V extends string>(props: SegmentedTabsProps<V>) {
  const { value, options, onChange, label, sunken, className } = props;
  return (
    <div
      className={`fx-segmented${sunken ? ' is-sunken' : ''}${className ? ` ${className}` : ''}`}
      role="tablist"
      aria-label={typeof label === 'string' ? label : undefined}
      aria-labelledby={typeof label === 'string' ? undefined : label.labelledBy}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={`fx-segment${option.value === value ? ' is-active' : ''}`}
          onClick={() => onChange(option.value)}
          data-testid={option.testId}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
