// An artist's monthly payout statement (uitbetalingsspecificatie), as data: every payout of the
// caller's acts that Mollie carried out in one calendar month (Amsterdam time), with the booking
// it paid for and the Mollie route or balance transfer that moved it. payout-statement renders it
// into a PDF (payout-statement-pdf.ts). Dependency-free, so the portal can use the same words.
import { amsterdamDate, dutchMonthYear } from './dutch.ts';

export interface StatementPayout {
  bookingId: string;
  artistName: string;
  paidAt: string;
  startsAt: string;
  eventType: string;
  amountCents: number;
  routeCents: number;
  transferCents: number;
  routeId: string | null;
  transferId: string | null;
}

export interface StatementData {
  /** 'YYYY-MM'. */
  month: string;
  issuedAt: string;
  owner: { name: string; email: string };
  organization: { id: string; name: string } | null;
  payouts: StatementPayout[];
}

export const statementMessages = {
  badMonth: 'Kies een geldige maand, zoals 2026-12.',
  noAct: 'Alleen een artiest met een act heeft een uitbetalingsspecificatie.',
  empty: (month: string) => `Je hebt in ${statementMonthLabel(month)} geen uitbetalingen ontvangen.`,
  failed: 'De uitbetalingsspecificatie kon niet worden gemaakt. Probeer het later opnieuw.',
} as const;

/** A month as 'YYYY-MM' (2020 up to 2100), or null. */
export function parseStatementMonth(value: unknown): { year: number; month: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2020 || year > 2100) return null;
  return { year, month: Number(match[2]) };
}

/** 'december 2026' for '2026-12'. */
export function statementMonthLabel(month: string): string {
  const parsed = parseStatementMonth(month);
  return parsed ? dutchMonthYear(parsed.year, parsed.month) : month;
}

/** The 'YYYY-MM' an instant falls in, in Amsterdam. */
export function amsterdamMonthOf(moment: string | Date): string {
  const { year, month } = amsterdamDate(new Date(moment));
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * A UTC range that surely holds the whole Amsterdam month (a day either side); the payouts in it
 * are then kept by amsterdamMonthOf.
 */
export function statementSearchRange(month: string): { from: string; to: string } {
  const { year, month: number } = parseStatementMonth(month)!;
  return { from: new Date(Date.UTC(year, number - 1, 0)).toISOString(), to: new Date(Date.UTC(year, number, 2)).toISOString() };
}

export const statementTotalCents = (payouts: readonly Pick<StatementPayout, 'amountCents'>[]) => payouts.reduce((sum, payout) => sum + payout.amountCents, 0);

/** 'Podium-uitbetalingsspecificatie-2026-12.pdf'. */
export const statementFileName = (month: string) => `Podium-uitbetalingsspecificatie-${month}.pdf`;

/** The booking as invoices name it: the first eight characters of its id, in capitals. */
export const bookingNumber = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();
