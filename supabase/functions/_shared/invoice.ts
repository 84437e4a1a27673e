// The invoice of a paid booking, as data: what booking-invoice renders into a PDF and
// send-notifications attaches to the confirmation mail. Amounts are the database's (the booking's
// price and fee include VAT); here they are only split into VAT lines and what settled them.
// Plain TypeScript without imports from npm, so the storefront's tests can check the sums too.
import { company } from './company.ts';
import { amsterdamDate, dutchClock, dutchDateOfMoment, dutchLongDate } from './dutch.ts';

export interface InvoiceData {
  number: string;
  issuedAt: string;
  bookingId: string;
  status: string;
  customer: { name: string; email: string };
  artist: { name: string };
  packageName: string | null;
  startsAt: string;
  endsAt: string;
  eventType: string;
  eventLocation: string;
  placeName: string | null;
  guestCount: number | null;
  priceCents: number;
  platformFeeCents: number;
  bandsAppliedCents: number;
  payments: { method: string | null; amountCents: number; paidAt: string | null }[];
  refundedCents: number;
}

export interface InvoiceLine {
  description: string;
  vatPercent: number;
  amountCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  /** Per VAT rate: the amount excluding VAT and the VAT in it. */
  vat: { percent: number; netCents: number; vatCents: number }[];
  netCents: number;
  totalCents: number;
  settlements: { label: string; amountCents: number }[];
  openCents: number;
}

export const paymentMethodLabels: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'creditcard',
};

/** The VAT inside an amount that includes it, rounded to the cent. */
export const vatIncluded = (amountCents: number, percent: number) => Math.round((amountCents * percent) / (100 + percent));

export function invoiceTotals(data: InvoiceData): InvoiceTotals {
  const performance = `Optreden ${data.artist.name}${data.packageName ? `, ${data.packageName}` : ''}`;
  const lines: InvoiceLine[] = [
    { description: performance, vatPercent: company.vat.performance, amountCents: data.priceCents },
    { description: 'Servicekosten Podium', vatPercent: company.vat.service, amountCents: data.platformFeeCents },
  ].filter((line) => line.amountCents > 0);
  const rates = [...new Set(lines.map((line) => line.vatPercent))].sort((a, b) => a - b);
  const vat = rates.map((percent) => {
    const gross = lines.filter((line) => line.vatPercent === percent).reduce((sum, line) => sum + line.amountCents, 0);
    const vatCents = vatIncluded(gross, percent);
    return { percent, netCents: gross - vatCents, vatCents };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const settlements: { label: string; amountCents: number }[] = [];
  if (data.bandsAppliedCents > 0) settlements.push({ label: 'Voldaan met BANDS-tegoed', amountCents: data.bandsAppliedCents });
  for (const payment of data.payments) {
    const method = payment.method ? (paymentMethodLabels[payment.method] ?? payment.method) : 'online betaling';
    settlements.push({ label: `Betaald via ${method}${payment.paidAt ? ` op ${dutchDateOfMoment(payment.paidAt)}` : ''}`, amountCents: payment.amountCents });
  }
  const settled = settlements.reduce((sum, item) => sum + item.amountCents, 0);
  return { lines, vat, netCents: totalCents - vat.reduce((sum, rate) => sum + rate.vatCents, 0), totalCents, settlements, openCents: Math.max(totalCents - settled, 0) };
}

/** The gig in one line: 'zaterdag 12 december 2026, 20:00 – 00:00'. */
export function gigWhen(data: Pick<InvoiceData, 'startsAt' | 'endsAt'>): string {
  const { year, month, day } = amsterdamDate(new Date(data.startsAt));
  return `${dutchLongDate(year, month, day)}, ${dutchClock(data.startsAt)} – ${dutchClock(data.endsAt)}`;
}

/**
 * Where the gig is, in one line: the address, and the booking's place after it unless the address
 * already ends one of its comma-separated parts with that place ('Oudegracht 12, 3511 AB Utrecht').
 */
export function invoicePlace(eventLocation: string, placeName: string | null): string {
  const address = eventLocation.trim();
  const place = placeName?.trim() ?? '';
  if (!place) return address;
  if (!address) return place;
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl-NL').replace(/\s+/g, ' ').trim();
  const city = fold(place);
  const named = address
    .split(',')
    .map(fold)
    .some((part) => part === city || part.endsWith(` ${city}`));
  return named ? address : `${address}, ${place}`;
}

export const invoiceFileName = (number: string) => `Podium-factuur-${number}.pdf`;
