// The monthly payout statement as a PDF (A4, Helvetica), drawn with pdf-lib as the invoices are
// (invoice-pdf.ts): Podium's details, the artist and their Mollie organization, one line per
// payout (the day Mollie carried it out, the booking, the Mollie route or balance transfer, the
// amount) over as many pages as it takes, and the total.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'npm:pdf-lib@1.17.1';
import { company } from './company.ts';
import { invoiceDate, invoiceMoney } from './invoice.ts';
import { bookingNumber, statementMonthLabel, statementTotalCents, type StatementData } from './payout-statement.ts';

const ink = rgb(0.15, 0.11, 0.16);
const muted = rgb(0.42, 0.39, 0.44);
const brand = rgb(0.76, 0.25, 0.09);
const rule = rgb(0.86, 0.84, 0.85);
const width = 595.28;
const height = 841.89;
const left = 56;
const right = width - 56;

// The standard fonts write WinAnsi: keep what it has (Latin-1, €, quotes, dashes), replace the rest.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) => [...text.normalize('NFC')].map((char) => ((char >= ' ' && char <= '~') || (char >= '\u00a0' && char <= '\u00ff') || winAnsiExtras.has(char) ? char : '?')).join('');

function truncate(value: string, font: PDFFont, size: number, room: number): string {
  let clean = printable(value);
  if (font.widthOfTextAtSize(clean, size) <= room) return clean;
  while (clean.length > 1 && font.widthOfTextAtSize(`${clean}…`, size) > room) clean = clean.slice(0, -1);
  return `${clean.trimEnd()}…`;
}

function wrap(value: string, font: PDFFont, size: number, room: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(value).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > room) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return current ? [...lines, current] : lines;
}

/** The Mollie ids of a payout, one a line: its route on the payment and/or the balance transfer. */
const mollieIds = (payout: StatementData['payouts'][number]) => {
  const ids = [payout.routeId, payout.transferId].filter((id): id is string => Boolean(id));
  return ids.length > 0 ? ids : ['-'];
};

export async function renderPayoutStatementPdf(data: StatementData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const monthLabel = statementMonthLabel(data.month);
  pdf.setTitle(`Uitbetalingsspecificatie ${monthLabel}`);
  pdf.setAuthor(company.legalName);
  pdf.setSubject(`Uitbetalingen aan ${data.owner.name} in ${monthLabel}`);
  pdf.setLanguage('nl-NL');
  pdf.setCreator('Podium');
  pdf.setProducer('Podium');
  pdf.setCreationDate(new Date(data.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - 64;
  const text = (value: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const clean = printable(value);
    const textWidth = font.widthOfTextAtSize(clean, size);
    page.drawText(clean, { x: options.alignRight ? x - textWidth : x, y: at, size, font, color: options.color ?? ink });
  };
  const line = (at: number) => page.drawLine({ start: { x: left, y: at }, end: { x: right, y: at }, thickness: 0.75, color: rule });
  const footer = () => {
    const words = printable(`${company.legalName} · ${company.address.join(', ')} · KvK ${company.kvk} · Btw ${company.vatNumber}`);
    page.drawText(words, { x: left + (right - left - regular.widthOfTextAtSize(words, 7.5)) / 2, y: 36, size: 7.5, font: regular, color: muted });
  };

  // Podium and its business details.
  text('Podium', left, y, { font: bold, size: 22, color: brand });
  [company.legalName, ...company.address, company.email, `KvK ${company.kvk}`, `Btw ${company.vatNumber}`].forEach((detail, index) =>
    text(detail, right, y + 8 - index * 12, { size: 8.5, color: muted, alignRight: true }),
  );
  y -= 96;

  text('Uitbetalingsspecificatie', left, y, { font: bold, size: 18 });
  text(`Wat Podium je in ${monthLabel} heeft uitbetaald via Mollie.`, left, y - 16, { size: 9, color: muted });
  y -= 44;
  const facts: [string, string][] = [
    ['Maand', monthLabel],
    ['Datum', invoiceDate(data.issuedAt)],
    ['Aan', data.owner.name],
    ['E-mail', data.owner.email],
    ...(data.organization ? ([['Mollie-organisatie', `${data.organization.name} (${data.organization.id})`]] as [string, string][]) : []),
  ];
  facts.forEach(([label, value], index) => {
    text(label, left, y - index * 14, { size: 9, color: muted });
    text(truncate(value, bold, 9.5, right - left - 110), left + 110, y - index * 14, { font: bold, size: 9.5 });
  });
  y -= facts.length * 14 + 20;

  // The payouts, a header on every page.
  const columns = { date: left, booking: left + 82, mollie: left + 250, amount: right };
  const header = () => {
    line(y + 12);
    text('Uitbetaald op', columns.date, y - 4, { font: bold, size: 9 });
    text('Boeking', columns.booking, y - 4, { font: bold, size: 9 });
    text('Mollie-route / overboeking', columns.mollie, y - 4, { font: bold, size: 9 });
    text('Bedrag', columns.amount, y - 4, { font: bold, size: 9, alignRight: true });
    y -= 24;
  };
  header();
  for (const payout of data.payouts) {
    if (y < 110) {
      footer();
      page = pdf.addPage([width, height]);
      y = height - 64;
      header();
    }
    text(invoiceDate(payout.paidAt), columns.date, y, { size: 9.5 });
    text(truncate(`${bookingNumber(payout.bookingId)} · ${invoiceDate(payout.startsAt)}`, regular, 9.5, columns.mollie - columns.booking - 10), columns.booking, y, { size: 9.5 });
    text(truncate([payout.artistName, payout.eventType].filter(Boolean).join(' · '), regular, 8, columns.mollie - columns.booking - 10), columns.booking, y - 11, { size: 8, color: muted });
    mollieIds(payout).forEach((id, index) => text(truncate(id, regular, 8, columns.amount - columns.mollie - 62), columns.mollie, y - index * 11, { size: 8 }));
    text(invoiceMoney(payout.amountCents), columns.amount, y, { alignRight: true });
    y -= 28;
  }
  line(y + 14);
  text(`Totaal uitbetaald in ${monthLabel}`, columns.booking, y - 2, { font: bold, size: 10.5 });
  text(invoiceMoney(statementTotalCents(data.payouts)), columns.amount, y - 2, { font: bold, size: 10.5, alignRight: true });
  y -= 34;
  if (y < 100) {
    footer();
    page = pdf.addPage([width, height]);
    y = height - 64;
  }

  const notes = [
    'De bedragen zijn je gage voor de optredens hierboven. De servicekosten die de klant betaalt, blijven bij Podium.',
    'Mollie zet het geld op het saldo van je Mollie-organisatie en maakt het volgens je eigen instellingen bij Mollie over naar je bankrekening.',
    `Vragen? Mail ${company.email} en noem het boekingsnummer.`,
  ];
  for (const note of notes) {
    for (const part of wrap(note, regular, 8.5, right - left)) {
      text(part, left, y, { size: 8.5, color: muted });
      y -= 12;
    }
  }
  footer();
  return pdf.save();
}
