// The invoice as a PDF (A4, Helvetica), drawn with pdf-lib from invoice.ts's data: Podium's
// details with KvK and VAT numbers, the invoice number and date, the customer, the gig, the lines
// with their VAT rate, the VAT per rate, the total, what settled it (BANDS, the payment with its
// method and date) and what is still open. The page's parts are pdf-document.ts's.
import { company } from './company.ts';
import { dutchCents, dutchDateOfMoment } from './dutch.ts';
import { gigWhen, invoicePlace, invoiceTotals, type InvoiceData } from './invoice.ts';
import { drawFacts, drawGig, drawLineTable, drawTitle, finishPdfDocument, muted, startPdfDocument } from './pdf-document.ts';

/** The gig's label and value pairs on an invoice or a credit note. */
export function gigRows(data: Pick<InvoiceData, 'artist' | 'packageName' | 'eventType' | 'eventLocation' | 'placeName' | 'startsAt' | 'endsAt'> & { guestCount?: number | null }): [string, string][] {
  const place = invoicePlace(data.eventLocation, data.placeName);
  return [
    ['Artiest', data.artist.name],
    ...(data.packageName ? ([['Pakket', data.packageName]] as [string, string][]) : []),
    ['Datum en tijd', gigWhen(data)],
    ...(data.eventType ? ([['Soort feest', data.eventType]] as [string, string][]) : []),
    ...(place ? ([['Locatie', place]] as [string, string][]) : []),
    ...(data.guestCount ? ([['Gasten', String(data.guestCount)]] as [string, string][]) : []),
  ];
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const doc = await startPdfDocument({ title: `Factuur ${data.number}`, subject: `Boekingsbevestiging en factuur, ${data.artist.name}`, issuedAt: data.issuedAt });
  drawTitle(doc, 'Factuur', 'Deze factuur is ook de bevestiging van je boeking.');
  drawFacts(
    doc,
    [
      ['Factuurnummer', data.number],
      ['Factuurdatum', dutchDateOfMoment(data.issuedAt)],
      ['Boekingsnummer', data.bookingId.slice(0, 8).toUpperCase()],
    ],
    { to: data.customer },
  );
  drawGig(doc, gigRows(data));

  const totals = invoiceTotals(data);
  const sumsLeft = drawLineTable(doc, totals);
  const { text, right, bold } = doc;
  for (const settlement of totals.settlements) {
    text(settlement.label, sumsLeft, doc.y, { size: 9.5, color: muted });
    text(`- ${dutchCents(settlement.amountCents)}`, right, doc.y, { size: 9.5, color: muted, alignRight: true });
    doc.y -= 15;
  }
  text('Nog te betalen', sumsLeft, doc.y, { font: bold, size: 10.5 });
  text(dutchCents(totals.openCents), right, doc.y, { font: bold, size: 10.5, alignRight: true });
  doc.y -= 30;

  return finishPdfDocument(doc, [
    totals.openCents === 0 ? 'Deze factuur is voldaan. Je hoeft niets meer over te maken.' : `Betaal het openstaande bedrag via Mijn boekingen.`,
    ...(data.refundedCents > 0 ? [`Inmiddels terugbetaald: ${dutchCents(data.refundedCents)}.`] : []),
    ...(data.status === 'cancelled' ? ['Deze boeking is geannuleerd; de terugbetaling volgt de annuleringsvoorwaarden.'] : []),
    `Optredens van artiesten vallen onder het verlaagde btw-tarief (${company.vat.performance}%), de servicekosten van Podium onder het algemene tarief (${company.vat.service}%).`,
    `Vragen over deze factuur? Mail ${company.email} of bel ${company.phone} en noem het factuurnummer.`,
  ]);
}
