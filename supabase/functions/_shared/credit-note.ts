// The credit note (creditfactuur) of a refund, as data: what booking-invoice renders into a PDF
// and send-notifications attaches to the refund mail. Its lines are the corrected invoice's, with
// negative amounts including VAT as the database issued them (public.credit_notes); here they are
// only split into VAT per rate, each rounded as the invoice rounds it, so the two add up.
// Plain TypeScript without imports from npm, like invoice.ts.
import { company } from './company.ts';
import { vatIncluded, type InvoiceLine, type InvoiceTotals } from './invoice.ts';

export type CreditNoteReason = 'cancellation' | 'dispute';

export interface CreditNoteData {
  number: string;
  issuedAt: string;
  reason: CreditNoteReason;
  bookingId: string;
  invoice: { number: string; issuedAt: string };
  customer: { name: string; email: string };
  artist: { name: string };
  packageName: string | null;
  startsAt: string;
  endsAt: string;
  eventType: string;
  eventLocation: string;
  placeName: string | null;
  /** The corrected lines, never positive. */
  performanceCents: number;
  serviceCents: number;
  totalCents: number;
  /** How the money went back: the method of the payment it was refunded on. */
  refundMethod: string | null;
}

export type CreditNoteTotals = Pick<InvoiceTotals, 'lines' | 'vat' | 'netCents' | 'totalCents'>;

export const creditNoteReasonLabels: Record<CreditNoteReason, string> = {
  cancellation: 'Annulering',
  dispute: 'Melding over het optreden',
};

export function creditNoteTotals(data: CreditNoteData): CreditNoteTotals {
  const performance = `Optreden ${data.artist.name}${data.packageName ? `, ${data.packageName}` : ''}`;
  const lines: InvoiceLine[] = [
    { description: performance, vatPercent: company.vat.performance, amountCents: data.performanceCents },
    { description: 'Servicekosten Podium', vatPercent: company.vat.service, amountCents: data.serviceCents },
  ].filter((line) => line.amountCents !== 0);
  const rates = [...new Set(lines.map((line) => line.vatPercent))].sort((a, b) => a - b);
  const vat = rates.map((percent) => {
    const gross = lines.filter((line) => line.vatPercent === percent).reduce((sum, line) => sum + line.amountCents, 0);
    // The VAT of the amount without its sign, so a credit rounds as the invoice did.
    const vatCents = -vatIncluded(-gross, percent);
    return { percent, netCents: gross - vatCents, vatCents };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return { lines, vat, netCents: totalCents - vat.reduce((sum, rate) => sum + rate.vatCents, 0), totalCents };
}

export const creditNoteFileName = (number: string) => `Podium-creditfactuur-${number}.pdf`;

/** A credit note's number as the database writes it: 'C2026-000001'. */
export const isCreditNoteNumber = (value: string) => /^C\d{4}-\d{6}$/.test(value);
