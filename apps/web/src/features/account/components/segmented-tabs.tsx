import type { ReactNode } from 'react';

type SegmentedTabsProps<V extends string> = {
  value: V;
  options: readonly { value: V; label: ReactNode; testId?: string }[];
  onChange: (value: V) => void;
  label: string;
};

/** Two or three equal tabs in a pill (Email | Phone). */
export function SegmentedTabs<V extends string>({ value, options, onChange, label }: SegmentedTabsProps<V>) {
  return (
    <div className="fx-segmented" role="tablist" aria-label={label}>
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
