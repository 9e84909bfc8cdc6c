import { localeTags } from '@fairex/contract';
import { useMemo } from 'react';
import { useAppStore } from '../../../lib/stores/app-store';

/** A time in the reader's locale, e.g. "20 Nov 2026, 15:04:05", for orders and fills. */
export function useDateTime(): (milliseconds: number) => string {
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[lang], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    return (milliseconds: number) => format.format(new Date(milliseconds));
  }, [lang]);
}

/** Only the clock time, "15:04:05", for recent trades. */
export function useClockTime(): (milliseconds: number) => string {
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[lang], {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    return (milliseconds: number) => format.format(new Date(milliseconds));
  }, [lang]);
}
