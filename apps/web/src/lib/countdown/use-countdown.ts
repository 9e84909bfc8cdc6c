import { useEffect, useState } from 'react';
import { countdownTickMs, secondsLeft, useCountdownStore } from './countdown';

/** The seconds left on `key`'s countdown, re-rendering while it runs, and a way to start it. */
export function useCountdown(key: string): { seconds: number; start: () => void } {
  const endsAt = useCountdownStore((state) => state.endsAt[key]);
  const startKey = useCountdownStore((state) => state.start);
  const [now, setNow] = useState(() => Date.now());
  const seconds = secondsLeft(endsAt, now);
  const running = endsAt !== undefined && endsAt > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), countdownTickMs);
    return () => clearInterval(timer);
  }, [running]);
  return {
    seconds,
    start: () => {
      const started = Date.now();
      startKey(key, started);
      setNow(started);
    },
  };
}
