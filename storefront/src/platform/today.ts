// Today's date in the Netherlands, for rendering. A prerendered page was rendered on the day of
// its build and is served for days after; hydrating it with another day's date would not match
// its HTML (the calendar's month and 'vandaag', a date field's minimum), and React then throws the
// HTML away and renders the page anew, losing a tap made meanwhile. So hydration renders with the
// build's date, which the prerender writes on #root (data-rendered-on), and the page moves to the
// real date straight after.
import { amsterdamToday } from '@podium/shared/dutch';
import { useSyncExternalStore } from 'react';
import { renderedOnAttribute } from './rendered-on.ts';

const noSubscription = () => () => {};

/** The date the HTML being hydrated was rendered on (the real today when there is none). */
export function renderedOn(root: HTMLElement | null = typeof document === 'undefined' ? null : document.getElementById('root')): string {
  const value = root?.getAttribute(renderedOnAttribute);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : amsterdamToday();
}

export function useToday(): string {
  return useSyncExternalStore(
    noSubscription,
    () => amsterdamToday(),
    () => renderedOn(),
  );
}
