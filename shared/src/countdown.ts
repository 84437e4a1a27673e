// Deadlines as a person reads them ('2 dagen en 3 uur'), and the clock a render reads them
// against: the time to the minute through useSyncExternalStore (ticking once a minute), so
// renders stay pure. For the customer's payment deadline and the artist's answer deadline.
import { useSyncExternalStore } from 'react';

const minuteClock = {
  subscribe(listener: () => void) {
    const timer = setInterval(listener, 60_000);
    return () => clearInterval(timer);
  },
  now: () => Math.floor(Date.now() / 60_000) * 60_000,
};

export function useMinuteClock(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.now, minuteClock.now);
}

/** What is left until `deadline` at `now` (ms), in Dutch; null once it has passed. */
export function timeLeft(deadline: string, now: number): string | null {
  const minutes = Math.floor((Date.parse(deadline) - now) / 60_000);
  if (minutes <= 0) return null;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} ${days === 1 ? 'dag' : 'dagen'}${hours > 0 ? ` en ${hours} uur` : ''}`;
  if (hours > 0) return `${hours} uur${minutes % 60 > 0 ? ` en ${minutes % 60} min` : ''}`;
  return `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
}
