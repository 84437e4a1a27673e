// The amount of a partial refund as an admin types it ('100', '100,50', '€ 1.250,00'), checked
// before resolve_booking_case, which has the last word (it also counts refunds not yet made).
import { formatEuro } from '../labels.ts';

/** Cents of an amount in euros written the Dutch way; null when it is not one. */
export function parseEuroCents(input: string): number | null {
  const text = input.replace(/€/g, '').replace(/\s/g, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const euros = Number(match[1]!.replace(/\./g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** What is wrong with a partial refund of `input`, at most `maxCents`, or null. */
export function partialRefundProblem(input: string, maxCents: number): string | null {
  const cents = parseEuroCents(input);
  const range = `Kies een terugbetaling tussen € 0,01 en ${formatEuro(maxCents)}.`;
  if (input.trim() === '') return 'Vul het bedrag in dat de klant terugkrijgt.';
  if (cents === null) return 'Schrijf het bedrag als 100 of 100,50.';
  if (cents < 1 || cents > maxCents) return range;
  return null;
}
