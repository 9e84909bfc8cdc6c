import type { ReactNode } from 'react';
import './ui.css';

type SegmentedTabsProps<V extends string> = {
  value: V;
  options: readonly { value: V; label: ReactNode; testId?: string }[];
  onChange: (value: V) => void;
  label: string;
  /** A darker pill, for tabs on a raised card. */
  sunken?: boolean;
  className?: string;
};

/** Two or three equal tabs in a pill (Email | Phone, Address | Bank card). */
export function SegmentedTabs<V extends string>(props: SegmentedTabsProps<V>) {
  const { value, options, onChange, label, sunken, className } = props;
  return (
    <div
      className={`fx-segmented${sunken ? ' is-sunken' : ''}${className ? ` ${className}` : ''}`}
      role="tablist"
      aria-label={label}
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
