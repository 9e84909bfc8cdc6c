import { localeTags } from '@fairex/contract';
import { useMemo } from 'react';
import { useAppStore } from '../../../lib/stores/app-store';

/** A time in the reader's locale, e.g. "20 Nov 2026, 15:04", for the records. */
export function useDateTime(): (milliseconds: number) => string {
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[lang], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    return (milliseconds: number) => format.format(new Date(milliseconds));
  }, [lang]);
}
