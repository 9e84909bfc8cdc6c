import type { ReactNode } from 'react';

type PageTabsProps<Tab extends string> = {
  tabs: readonly Tab[];
  active: Tab;
  label: (tab: Tab) => ReactNode;
  onChange: (tab: Tab) => void;
  /** Each tab's test id is this prefix and the tab's name. */
  testIdPrefix: string;
};

/** The tab bar under a page's header (order lists, records): it stays in view as the list scrolls. */
export function PageTabs<Tab extends string>({
  tabs,
  active,
  label,
  onChange,
  testIdPrefix,
}: PageTabsProps<Tab>) {
  return (
    <div className="page-tabs" role="tablist">
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={active === name}
          className={`page-tab${active === name ? ' is-active' : ''}`}
          onClick={() => onChange(name)}
          data-testid={`${testIdPrefix}${name}`}
        >
          {label(name)}
        </button>
      ))}
    </div>
  );
}
