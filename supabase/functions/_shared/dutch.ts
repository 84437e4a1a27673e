// Dutch numbers and dates as the pages, the mails and the PDFs write them, without Intl: one
// dependency-free module the edge functions import and the apps read through shared/src/dutch.ts.
// The first Intl formatter a page creates makes the browser load its locale data: 30-35 ms on a
// fast machine, four times that on a phone, inside the task that first renders a price or a date.
// The formats here are few and fixed, so they are written out; shared/src/dutch.test.ts checks
// every one against Intl's nl-NL output over wide ranges, so they cannot drift from it.

const months = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'] as const;
const weekdays = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'] as const;

/** A no-break space: Intl puts one between the euro sign and the amount. */
const nbsp = '\u00a0';

/** '1.234.567': a whole number with points between thousands. */
export function dutchInteger(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return value < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/** Rounds half away from zero on the number's shortest decimal form, as Intl does ('4.85' -> 4.9). */
function roundTo(value: number, decimals: number): number {
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const scaled = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const rounded = Number(`${scaled}e-${decimals}`);
  return value < 0 ? -rounded : rounded;
}

/** '4,8': one decimal, Dutch comma. */
export function dutchDecimal(value: number, decimals = 1): string {
  const rounded = roundTo(value, decimals);
  const [whole = '0', fraction = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${dutchInteger(Number(whole))}${decimals > 0 ? `,${fraction}` : ''}`;
}

/** '4,5', '3', '1.234,25': a number as it is, up to three decimals (what toLocaleString('nl-NL') prints). */
export function dutchNumber(value: number): string {
  const rounded = roundTo(value, 3);
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${dutchInteger(Number(whole))}${fraction ? `,${fraction}` : ''}`;
}

/** '€ 650' (whole euros, rounded) or, with cents, '€ 649,50'. */
export function dutchEuros(euros: number, { cents = false }: { cents?: boolean } = {}): string {
  return `€${nbsp}${cents ? dutchDecimal(euros, 2) : dutchInteger(roundTo(euros, 0))}`;
}

/**
 * The Netherlands' wall clock as a Date whose UTC fields read it (CET, CEST from the last Sunday
 * of March to the last Sunday of October, at 01:00 UTC).
 */
function amsterdamWallClock(now: Date): Date {
  const year = now.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const summer = now.getTime() >= lastSunday(2) && now.getTime() < lastSunday(9);
  return new Date(now.getTime() + (summer ? 2 : 1) * 3_600_000);
}

/** The calendar date in the Netherlands. */
export function amsterdamDate(now: Date = new Date()): { year: number; month: number; day: number } {
  const local = amsterdamWallClock(now);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the Netherlands as YYYY-MM-DD (the marketplace's calendar). */
export function amsterdamToday(now: Date = new Date()): string {
  const { year, month, day } = amsterdamDate(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 'november 2026' */
export const dutchMonthYear = (year: number, month: number) => `${months[month - 1]} ${year}`;

/** '12 december 2026' for a calendar date. */
export const dutchDate = (year: number, month: number, day: number) => `${day} ${months[month - 1]} ${year}`;

/** 'zaterdag 12 december 2026' for a calendar date. */
export function dutchLongDate(year: number, month: number, day: number): string {
  return `${weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${dutchDate(year, month, day)}`;
}

/** '12 december 2026': the day a moment fell on in the Netherlands. */
export function dutchDateOfMoment(moment: Date | string | number): string {
  const { year, month, day } = amsterdamDate(new Date(moment));
  return dutchDate(year, month, day);
}

/** '€ 649,50' for an amount in cents (bookings, checkout, invoices). */
export const dutchCents = (cents: number) => dutchEuros(cents / 100, { cents: true });

const shortWeekdays = ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'] as const;
const shortMonths = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'] as const;

/** A moment on the Netherlands' clock: the calendar date and '20:00'. */
function amsterdamClock(moment: Date | string | number) {
  const local = amsterdamWallClock(new Date(moment));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    clock: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** 'zaterdag 12 december 2026 om 20:00': a moment as the Netherlands' clock shows it. */
export function dutchDateTime(moment: Date | string | number): string {
  const { year, month, day, clock } = amsterdamClock(moment);
  return `${dutchLongDate(year, month, day)} om ${clock}`;
}

/** '12 dec, 20:00': a moment in a timeline or list. */
export function dutchShortMoment(moment: Date | string | number): string {
  const { month, day, clock } = amsterdamClock(moment);
  return `${day} ${shortMonths[month - 1]}, ${clock}`;
}

/** '12 dec 2026' ('za 12 dec 2026' with its weekday): the day of a moment in the Netherlands, in a list's column. */
export function dutchShortDate(moment: Date | string | number, { weekday = false }: { weekday?: boolean } = {}): string {
  const { year, month, day } = amsterdamClock(moment);
  const date = `${day} ${shortMonths[month - 1]} ${year}`;
  return weekday ? `${shortWeekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${date}` : date;
}

/** '12 dec 2026, 20:00': a moment in a list's column or a table (what Intl's medium date and short time print). */
export const dutchShortDateTime = (moment: Date | string | number) => `${dutchShortDate(moment)}, ${amsterdamClock(moment).clock}`;

/** How long a performance lasts: '45 minuten', '2 uur', '1,5 uur', '2 uur en 15 minuten'. */
export function dutchDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minuten`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `${hours} uur`;
  if (rest === 30) return `${hours},5 uur`;
  return `${hours} uur en ${rest} minuten`;
}

/** '20:05': the time of a moment on the Netherlands' clock. */
export const dutchClock = (moment: Date | string | number) => amsterdamClock(moment).clock;

/** '12 dec': the day of a moment in the Netherlands, short. */
export function dutchShortDay(moment: Date | string | number): string {
  const { month, day } = amsterdamClock(moment);
  return `${day} ${shortMonths[month - 1]}`;
}

/**
 * 'De boeking kon niet worden geladen' / 'Je boekingen konden niet worden geladen': what a screen
 * says when its data failed to load, from the subject as it starts the sentence and whether it is
 * plural (the verb follows it).
 */
export const loadFailedSentence = (subject: string, plural: boolean) => `${subject} ${plural ? 'konden' : 'kon'} niet worden geladen`;
