import type { TabKey } from './tabs';

const paths: Record<TabKey, string> = {
  home: 'M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z',
  markets: 'M8 4v3M8 17v3M6 7h4v10H6zM16 3v4M16 14v4M14 7h4v7h-4z',
  trade: 'M5 8h12l-3-3M19 16H7l3 3',
  finance: 'M12 4a8 8 0 1 0 8 8h-8zM14.5 2.8A8 8 0 0 1 21.2 9.5H14.5z',
  assets:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5h11A1.5 1.5 0 0 1 19 6.5V8h.5A1.5 1.5 0 0 1 21 9.5v8a1.5 1.5 0 0 1-1.5 1.5h-13A2.5 2.5 0 0 1 4 16.5zM16 13.5h2',
};

/** Line icons for the tab bar; the selected tab is drawn heavier. */
export function TabIcon({ tab, active }: { tab: TabKey; active: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={active ? 2.1 : 1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[tab]} />
    </svg>
  );
}
