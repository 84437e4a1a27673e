// The time, to the minute, for countdowns and deadlines in render: React reads it through
// useSyncExternalStore (ticking once a minute), so renders stay pure.
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
