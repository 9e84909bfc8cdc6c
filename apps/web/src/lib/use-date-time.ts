import { localeTags } from '@fairex/contract';
import { useMemo } from 'react';
import { useAppStore } from './stores/app-store';

const toTheSecond: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};
const toTheMinute: Intl.DateTimeFormatOptions = { ...toTheSecond, second: undefined };
const clockOnly: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};

/** A formatter of times in the reader's locale, made again only when the language changes. */
function useTimeFormat(options: Intl.DateTimeFormatOptions): (milliseconds: number) => string {
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[lang], options);
    return (milliseconds: number) => format.format(new Date(milliseconds));
  }, [lang, options]);
}

/** "20 Nov 2026, 15:04:05": bill lines, transfers, orders and fills. */
export function useDateTime(): (milliseconds: number) => string {
  return useTimeFormat(toTheSecond);
}

/** "20 Nov 2026, 15:04": withdrawal and deposit records. */
export function useDateTimeToMinute(): (milliseconds: number) => string {
  return useTimeFormat(toTheMinute);
}

/** "15:04:05": recent trades. */
export function useClockTime(): (milliseconds: number) => string {
  return useTimeFormat(clockOnly);
}
