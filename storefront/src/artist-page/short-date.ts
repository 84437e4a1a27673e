// A chosen date where a long one does not fit (the phone's booking bar): 'za 10 jul 2027'.
import { dutchShortDay } from '@podium/shared/dutch';
import { longDateLabel } from './calendar.ts';

/** 'za 10 jul 2027': the long date's weekday shortened, then the short day (of noon UTC: the same day in Amsterdam) and the year. */
export const shortDateLabel = (date: string) => `${longDateLabel(date).slice(0, 2)} ${dutchShortDay(`${date}T12:00:00Z`)} ${date.slice(0, 4)}`;
