// The invoice as a PDF (A4, Helvetica), drawn with pdf-lib from invoice.ts's data: Podium's
// details with KvK and VAT numbers, the invoice number and date, the customer, the gig, the lines
// with their VAT rate, the VAT per rate, the total, what settled it (BANDS, the payment with its
// method and date) and what is still open.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'npm:pdf-lib@1.17.1';
import { company } from './company.ts';
import { gigWhen, invoiceDate, invoiceMoney, invoicePlace, invoiceTotals, type InvoiceData } from './invoice.ts';

export const ink = rgb(0.15, 0.11, 0.16);
export const muted = rgb(0.42, 0.39, 0.44);
export const brand = rgb(0.76, 0.25, 0.09);
export const rule = rgb(0.86, 0.84, 0.85);

// The standard fonts write WinAnsi: keep what it has (Latin-1, €, quotes, dashes), replace the rest.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const printable = (text: string) =>
  [...text.normalize('NFC')].map((char) => ((char >= ' ' && char <= '~') || (char >= '\u00a0' && char <= '\u00ff') || winAnsiExtras.has(char) ? char : '?')).join('');

export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Factuur ${data.number}`);
  pdf.setAuthor(company.legalName);
  pdf.setSubject(`Boekingsbevestiging en factuur, ${data.artist.name}`);
  pdf.setLanguage('nl-NL');
  pdf.setCreator('Podium');
  pdf.setProducer('Podium');
  pdf.setCreationDate(new Date(data.issuedAt));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;

  const text = (value: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const clean = printable(value);
    const width = font.widthOfTextAtSize(clean, size);
    page.drawText(clean, { x: options.alignRight ? x - width : x, y: at, size, font, color: options.color ?? ink });
  };
  const line = (at: number) => page.drawLine({ start: { x: left, y: at }, end: { x: right, y: at }, thickness: 0.75, color: rule });

  // Podium and its business details.
  text('Podium', left, y, { font: bold, size: 22, color: brand });
  const details = [company.legalName, ...company.address, company.email, `KvK ${company.kvk}`, `Btw ${company.vatNumber}`, `IBAN ${company.iban}`];
  details.forEach((detail, index) => text(detail, right, y + 8 - index * 12, { size: 8.5, color: muted, alignRight: true }));
  y -= 96;

  text('Factuur', left, y, { font: bold, size: 18 });
  text('Deze factuur is ook de bevestiging van je boeking.', left, y - 16, { size: 9, color: muted });
  y -= 44;
  const facts: [string, string][] = [
    ['Factuurnummer', data.number],
    ['Factuurdatum', invoiceDate(data.issuedAt)],
    ['Boekingsnummer', data.bookingId.slice(0, 8).toUpperCase()],
  ];
  facts.forEach(([label, value], index) => {
    text(label, left, y - index * 14, { size: 9, color: muted });
    text(value, left + 100, y - index * 14, { font: bold, size: 9.5 });
  });
  text('Aan', 330, y, { size: 9, color: muted });
  text(data.customer.name, 330, y - 14, { font: bold, size: 9.5 });
  text(data.customer.email, 330, y - 28, { size: 9.5 });
  y -= 62;

  // The gig.
  line(y + 12);
  text('Het optreden', left, y - 4, { font: bold, size: 11 });
  y -= 22;
  const place = invoicePlace(data.eventLocation, data.placeName);
  const gig: [string, string][] = [
    ['Artiest', data.artist.name],
    ...(data.packageName ? ([['Pakket', data.packageName]] as [string, string][]) : []),
    ['Datum en tijd', gigWhen(data)],
    ...(data.eventType ? ([['Soort feest', data.eventType]] as [string, string][]) : []),
    ...(place ? ([['Locatie', place]] as [string, string][]) : []),
    ...(data.guestCount ? ([['Gasten', String(data.guestCount)]] as [string, string][]) : []),
  ];
  gig.forEach(([label, value], index) => {
    text(label, left, y - index * 14, { size: 9, color: muted });
    text(truncate(value, regular, 9.5, right - left - 100), left + 100, y - index * 14, { size: 9.5 });
  });
  y -= gig.length * 14 + 18;

  // The lines.
  const totals = invoiceTotals(data);
  line(y + 12);
  text('Omschrijving', left, y - 4, { font: bold, size: 9 });
  text('Btw', 400, y - 4, { font: bold, size: 9, alignRight: true });
  text('Bedrag incl. btw', right, y - 4, { font: bold, size: 9, alignRight: true });
  y -= 22;
  for (const item of totals.lines) {
    text(truncate(item.description, regular, 10, 300), left, y);
    text(`${item.vatPercent}%`, 400, y, { alignRight: true });
    text(invoiceMoney(item.amountCents), right, y, { alignRight: true });
    y -= 16;
  }
  line(y + 6);
  y -= 12;
  const sums: [string, number, boolean][] = [
    ['Totaal excl. btw', totals.netCents, false],
    ...totals.vat.map((rate): [string, number, boolean] => [`Btw ${rate.percent}% over ${invoiceMoney(rate.netCents)}`, rate.vatCents, false]),
    ['Totaal incl. btw', totals.totalCents, true],
  ];
  const sumsLeft = 290;
  for (const [label, cents, strong] of sums) {
    text(label, sumsLeft, y, { font: strong ? bold : regular, size: strong ? 10.5 : 9.5 });
    text(invoiceMoney(cents), right, y, { font: strong ? bold : regular, size: strong ? 10.5 : 9.5, alignRight: true });
    y -= 15;
  }
  y -= 6;
  for (const settlement of totals.settlements) {
    text(settlement.label, sumsLeft, y, { size: 9.5, color: muted });
    text(`- ${invoiceMoney(settlement.amountCents)}`, right, y, { size: 9.5, color: muted, alignRight: true });
    y -= 15;
  }
  text('Nog te betalen', sumsLeft, y, { font: bold, size: 10.5 });
  text(invoiceMoney(totals.openCents), right, y, { font: bold, size: 10.5, alignRight: true });
  y -= 30;

  const notes = [
    totals.openCents === 0 ? 'Deze factuur is voldaan. Je hoeft niets meer over te maken.' : `Betaal het openstaande bedrag via Mijn boekingen.`,
    ...(data.refundedCents > 0 ? [`Inmiddels terugbetaald: ${invoiceMoney(data.refundedCents)}.`] : []),
    ...(data.status === 'cancelled' ? ['Deze boeking is geannuleerd; de terugbetaling volgt de annuleringsvoorwaarden.'] : []),
    `Optredens van artiesten vallen onder het verlaagde btw-tarief (${company.vat.performance}%), de servicekosten van Podium onder het algemene tarief (${company.vat.service}%).`,
    `Vragen over deze factuur? Mail ${company.email} of bel ${company.phone} en noem het factuurnummer.`,
  ];
  for (const note of notes) {
    for (const part of wrap(note, regular, 8.5, right - left)) {
      text(part, left, y, { size: 8.5, color: muted });
      y -= 12;
    }
  }
  drawFooter(page, regular, left, right);
  return pdf.save();
}

export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(value).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return current ? [...lines, current] : lines;
}

export function truncate(value: string, font: PDFFont, size: number, width: number): string {
  let clean = printable(value);
  if (font.widthOfTextAtSize(clean, size) <= width) return clean;
  while (clean.length > 1 && font.widthOfTextAtSize(`${clean}…`, size) > width) clean = clean.slice(0, -1);
  return `${clean.trimEnd()}…`;
}

export function drawFooter(page: PDFPage, font: PDFFont, left: number, right: number) {
  const footer = printable(`${company.legalName} · ${company.address.join(', ')} · KvK ${company.kvk} · Btw ${company.vatNumber}`);
  const width = font.widthOfTextAtSize(footer, 7.5);
  page.drawText(footer, { x: left + (right - left - width) / 2, y: 36, size: 7.5, font, color: muted });
}
