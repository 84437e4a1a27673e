// How the messages page words time and groups a thread: the list shows today's messages by their
// time and older ones by their day; a thread is split into days ('Vandaag', 'Gisteren', then
// the weekday and date), all on the Netherlands' clock.
import { amsterdamToday, dutchClock, dutchLongDate, dutchShortDay } from '../dutch.ts';

const dayBefore = (isoDay: string) => {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** The conversation list's time: '14:05' today, '12 dec' before. */
export function listTime(moment: string, now: Date): string {
  return amsterdamToday(new Date(moment)) === amsterdamToday(now) ? dutchClock(moment) : dutchShortDay(moment);
}

/** A thread's day heading. */
export function dayLabel(isoDay: string, now: Date): string {
  const today = amsterdamToday(now);
  if (isoDay === today) return 'Vandaag';
  if (isoDay === dayBefore(today)) return 'Gisteren';
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return dutchLongDate(year, month, day);
}

/** Messages in days, in order: [{ day: 'YYYY-MM-DD', items }]. */
export function byDay<T extends { created_at: string }>(messages: readonly T[]): { day: string; items: T[] }[] {
  const days: { day: string; items: T[] }[] = [];
  for (const message of messages) {
    const day = amsterdamToday(new Date(message.created_at));
    const last = days.at(-1);
    if (last && last.day === day) last.items.push(message);
    else days.push({ day, items: [message] });
  }
  return days;
}
