// The credit note as a PDF (A4, Helvetica), drawn with pdf-lib like the invoice (invoice-pdf.ts):
// Podium's details, the credit note's number and date, the invoice it corrects, the customer, the
// gig, the corrected lines with their VAT rate (negative), the VAT per rate and the total that
// went back to the customer.
import { PDFDocument, StandardFonts, type PDFFont } from 'npm:pdf-lib@1.17.1';
import { company } from './company.ts';
import { creditNoteReasonLabels, creditNoteTotals, type CreditNoteData } from './credit-note.ts';
import { gigWhen, invoiceDate, invoiceMoney, invoicePlace, paymentMethodLabels } from './invoice.ts';
import { brand, drawFooter, ink, muted, printable, rule, truncate, wrap } from './invoice-pdf.ts';

export async function renderCreditNotePdf(data: CreditNoteData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Creditfactuur ${data.number}`);
  pdf.setAuthor(company.legalName);
  pdf.setSubject(`Creditfactuur bij factuur ${data.invoice.number}, ${data.artist.name}`);
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

  const text = (value: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: typeof ink; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const clean = printable(value);
    const width = font.widthOfTextAtSize(clean, size);
    page.drawText(clean, { x: options.alignRight ? x - width : x, y: at, size, font, color: options.color ?? ink });
  };
  const line = (at: number) => page.drawLine({ start: { x: left, y: at }, end: { x: right, y: at }, thickness: 0.75, color: rule });

  text('Podium', left, y, { font: bold, size: 22, color: brand });
  const details = [company.legalName, ...company.address, company.email, `KvK ${company.kvk}`, `Btw ${company.vatNumber}`, `IBAN ${company.iban}`];
  details.forEach((detail, index) => text(detail, right, y + 8 - index * 12, { size: 8.5, color: muted, alignRight: true }));
  y -= 96;

  text('Creditfactuur', left, y, { font: bold, size: 18 });
  text(`Deze creditfactuur corrigeert factuur ${data.invoice.number} van ${invoiceDate(data.invoice.issuedAt)}.`, left, y - 16, { size: 9, color: muted });
  y -= 44;
  const facts: [string, string][] = [
    ['Creditnummer', data.number],
    ['Datum', invoiceDate(data.issuedAt)],
    ['Bij factuur', data.invoice.number],
    ['Boekingsnummer', data.bookingId.slice(0, 8).toUpperCase()],
    ['Reden', creditNoteReasonLabels[data.reason]],
  ];
  facts.forEach(([label, value], index) => {
    text(label, left, y - index * 14, { size: 9, color: muted });
    text(truncate(value, bold, 9.5, 330 - left - 110), left + 100, y - index * 14, { font: bold, size: 9.5 });
  });
  text('Aan', 330, y, { size: 9, color: muted });
  text(data.customer.name, 330, y - 14, { font: bold, size: 9.5 });
  text(data.customer.email, 330, y - 28, { size: 9.5 });
  y -= facts.length * 14 + 20;

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
  ];
  gig.forEach(([label, value], index) => {
    text(label, left, y - index * 14, { size: 9, color: muted });
    text(truncate(value, regular, 9.5, right - left - 100), left + 100, y - index * 14, { size: 9.5 });
  });
  y -= gig.length * 14 + 18;

  const totals = creditNoteTotals(data);
  line(y + 12);
  text('Omschrijving', left, y - 4, { font: bold, size: 9 });
  text('Btw', 400, y - 4, { font: bold, size: 9, alignRight: true });
  text('Bedrag incl. btw', right, y - 4, { font: bold, size: 9, alignRight: true });
  y -= 22;
  for (const item of totals.lines) {
    text(truncate(`Correctie: ${item.description}`, regular, 10, 300), left, y);
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
  const method = data.refundMethod ? (paymentMethodLabels[data.refundMethod] ?? data.refundMethod) : null;
  text(`Terugbetaald${method ? ` via ${method}` : ''}`, sumsLeft, y, { font: bold, size: 10.5 });
  text(invoiceMoney(-totals.totalCents), right, y, { font: bold, size: 10.5, alignRight: true });
  y -= 30;

  const notes = [
    `We hebben ${invoiceMoney(-totals.totalCents)} teruggestort via de betaalmethode waarmee je betaalde; het staat meestal binnen 5 tot 10 werkdagen weer op je rekening.`,
    `De bedragen op deze creditfactuur zijn negatief: ze verminderen factuur ${data.invoice.number} met het teruggestorte bedrag, met de btw die daarbij hoort.`,
    `Vragen over deze creditfactuur? Mail ${company.email} of bel ${company.phone} en noem het creditnummer.`,
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
