// What Podium's PDFs share (A4, Helvetica, pdf-lib): the invoice, the credit note and the payout
// statement each start with Podium's name and business details, a title, a list of facts, and end
// with small-print notes and the footer; the invoice and the credit note also share the gig and
// the table of lines with their VAT. One page of drawing helpers, so the three read alike.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'npm:pdf-lib@1.17.1';
import { company } from './company.ts';
import { dutchCents } from './dutch.ts';

export const ink = rgb(0.15, 0.11, 0.16);
export const muted = rgb(0.42, 0.39, 0.44);
export const brand = rgb(0.76, 0.25, 0.09);
export const rule = rgb(0.86, 0.84, 0.85);
const a4: [number, number] = [595.28, 841.89];

// The standard fonts write WinAnsi: keep what it has (Latin-1, €, quotes, dashes), replace the rest.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const printable = (text: string) =>
  [...text.normalize('NFC')].map((char) => ((char >= ' ' && char <= '~') || (char >= '\u00a0' && char <= '\u00ff') || winAnsiExtras.has(char) ? char : '?')).join('');

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

export interface TextOptions {
  font?: PDFFont;
  size?: number;
  color?: ReturnType<typeof rgb>;
  alignRight?: boolean;
}

/** A document being drawn: its current page and the height the next thing goes at (`y`, from the bottom). */
export interface PdfDocument {
  pdf: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  left: number;
  right: number;
  y: number;
  text(value: string, x: number, at: number, options?: TextOptions): void;
  /** A thin rule across the page at `at`. */
  line(at: number): void;
  /** The footer on this page, then a new page whose drawing starts at the top. */
  newPage(): void;
  footer(): void;
}

/** A new document with its metadata and a first page headed by Podium's name and business details. */
export async function startPdfDocument(meta: { title: string; subject: string; issuedAt: string }, { iban = true }: { iban?: boolean } = {}): Promise<PdfDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(company.legalName);
  pdf.setSubject(meta.subject);
  pdf.setLanguage('nl-NL');
  pdf.setCreator('Podium');
  pdf.setProducer('Podium');
  pdf.setCreationDate(new Date(meta.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const doc: PdfDocument = {
    pdf,
    page: pdf.addPage(a4),
    regular,
    bold,
    left: 56,
    right: a4[0] - 56,
    y: a4[1] - 64,
    text(value, x, at, options = {}) {
      const font = options.font ?? regular;
      const size = options.size ?? 10;
      const clean = printable(value);
      const width = font.widthOfTextAtSize(clean, size);
      doc.page.drawText(clean, { x: options.alignRight ? x - width : x, y: at, size, font, color: options.color ?? ink });
    },
    line(at) {
      doc.page.drawLine({ start: { x: doc.left, y: at }, end: { x: doc.right, y: at }, thickness: 0.75, color: rule });
    },
    footer() {
      const footer = printable(`${company.legalName} · ${company.address.join(', ')} · KvK ${company.kvk} · Btw ${company.vatNumber}`);
      const width = regular.widthOfTextAtSize(footer, 7.5);
      doc.page.drawText(footer, { x: doc.left + (doc.right - doc.left - width) / 2, y: 36, size: 7.5, font: regular, color: muted });
    },
    newPage() {
      doc.footer();
      doc.page = pdf.addPage(a4);
      doc.y = a4[1] - 64;
    },
  };
  doc.text('Podium', doc.left, doc.y, { font: bold, size: 22, color: brand });
  const details = [company.legalName, ...company.address, company.email, `KvK ${company.kvk}`, `Btw ${company.vatNumber}`, ...(iban ? [`IBAN ${company.iban}`] : [])];
  details.forEach((detail, index) => doc.text(detail, doc.right, doc.y + 8 - index * 12, { size: 8.5, color: muted, alignRight: true }));
  doc.y -= 96;
  return doc;
}

/** The document's title with a line under it. */
export function drawTitle(doc: PdfDocument, title: string, subtitle: string) {
  doc.text(title, doc.left, doc.y, { font: doc.bold, size: 18 });
  doc.text(subtitle, doc.left, doc.y - 16, { size: 9, color: muted });
  doc.y -= 44;
}

/** Label and value pairs down the left, and, when given, who it is addressed to on the right. */
export function drawFacts(doc: PdfDocument, facts: [string, string][], { labelWidth = 100, to }: { labelWidth?: number; to?: { name: string; email: string } } = {}) {
  const valueRoom = (to ? 330 : doc.right) - doc.left - labelWidth - 10;
  facts.forEach(([label, value], index) => {
    doc.text(label, doc.left, doc.y - index * 14, { size: 9, color: muted });
    doc.text(truncate(value, doc.bold, 9.5, valueRoom), doc.left + labelWidth, doc.y - index * 14, { font: doc.bold, size: 9.5 });
  });
  if (to) {
    doc.text('Aan', 330, doc.y, { size: 9, color: muted });
    doc.text(to.name, 330, doc.y - 14, { font: doc.bold, size: 9.5 });
    doc.text(to.email, 330, doc.y - 28, { size: 9.5 });
  }
  doc.y -= Math.max(facts.length, to ? 3 : 0) * 14 + 20;
}

/** 'Het optreden': the gig's label and value pairs under a rule. */
export function drawGig(doc: PdfDocument, rows: [string, string][]) {
  doc.line(doc.y + 12);
  doc.text('Het optreden', doc.left, doc.y - 4, { font: doc.bold, size: 11 });
  doc.y -= 22;
  rows.forEach(([label, value], index) => {
    doc.text(label, doc.left, doc.y - index * 14, { size: 9, color: muted });
    doc.text(truncate(value, doc.regular, 9.5, doc.right - doc.left - 100), doc.left + 100, doc.y - index * 14, { size: 9.5 });
  });
  doc.y -= rows.length * 14 + 18;
}

export interface LineTotals {
  lines: { description: string; vatPercent: number; amountCents: number }[];
  vat: { percent: number; netCents: number; vatCents: number }[];
  netCents: number;
  totalCents: number;
}

/**
 * The lines with their VAT rate and amount, then the total without VAT, the VAT per rate and the
 * total with it; answers where the sums' labels start, for what the document adds under them.
 */
export function drawLineTable(doc: PdfDocument, totals: LineTotals, describe: (description: string) => string = (description) => description): number {
  const { text, left, right } = doc;
  doc.line(doc.y + 12);
  text('Omschrijving', left, doc.y - 4, { font: doc.bold, size: 9 });
  text('Btw', 400, doc.y - 4, { font: doc.bold, size: 9, alignRight: true });
  text('Bedrag incl. btw', right, doc.y - 4, { font: doc.bold, size: 9, alignRight: true });
  doc.y -= 22;
  for (const item of totals.lines) {
    text(truncate(describe(item.description), doc.regular, 10, 300), left, doc.y);
    text(`${item.vatPercent}%`, 400, doc.y, { alignRight: true });
    text(dutchCents(item.amountCents), right, doc.y, { alignRight: true });
    doc.y -= 16;
  }
  doc.line(doc.y + 6);
  doc.y -= 12;
  const sums: [string, number, boolean][] = [
    ['Totaal excl. btw', totals.netCents, false],
    ...totals.vat.map((rate): [string, number, boolean] => [`Btw ${rate.percent}% over ${dutchCents(rate.netCents)}`, rate.vatCents, false]),
    ['Totaal incl. btw', totals.totalCents, true],
  ];
  const sumsLeft = 290;
  for (const [label, cents, strong] of sums) {
    text(label, sumsLeft, doc.y, { font: strong ? doc.bold : doc.regular, size: strong ? 10.5 : 9.5 });
    text(dutchCents(cents), right, doc.y, { font: strong ? doc.bold : doc.regular, size: strong ? 10.5 : 9.5, alignRight: true });
    doc.y -= 15;
  }
  doc.y -= 6;
  return sumsLeft;
}

/** The small print, wrapped to the page, then the footer; answers the finished file. */
export async function finishPdfDocument(doc: PdfDocument, notes: string[]): Promise<Uint8Array> {
  for (const note of notes) {
    for (const part of wrap(note, doc.regular, 8.5, doc.right - doc.left)) {
      doc.text(part, doc.left, doc.y, { size: 8.5, color: muted });
      doc.y -= 12;
    }
  }
  doc.footer();
  return doc.pdf.save();
}
