// The credit note as a PDF (A4, Helvetica), laid out like the invoice (pdf-document.ts): Podium's
// details, the credit note's number and date, the invoice it corrects, the customer, the gig, the
// corrected lines with their VAT rate (negative), the VAT per rate and the total that went back to
// the customer.
import { company } from './company.ts';
import { creditNoteReasonLabels, creditNoteTotals, type CreditNoteData } from './credit-note.ts';
import { dutchCents, dutchDateOfMoment } from './dutch.ts';
import { paymentMethodLabels } from './invoice.ts';
import { gigRows } from './invoice-pdf.ts';
import { drawFacts, drawGig, drawLineTable, drawTitle, finishPdfDocument, startPdfDocument } from './pdf-document.ts';

export async function renderCreditNotePdf(data: CreditNoteData): Promise<Uint8Array> {
  const doc = await startPdfDocument({
    title: `Creditfactuur ${data.number}`,
    subject: `Creditfactuur bij factuur ${data.invoice.number}, ${data.artist.name}`,
    issuedAt: data.issuedAt,
  });
  drawTitle(doc, 'Creditfactuur', `Deze creditfactuur corrigeert factuur ${data.invoice.number} van ${dutchDateOfMoment(data.invoice.issuedAt)}.`);
  drawFacts(
    doc,
    [
      ['Creditnummer', data.number],
      ['Datum', dutchDateOfMoment(data.issuedAt)],
      ['Bij factuur', data.invoice.number],
      ['Boekingsnummer', data.bookingId.slice(0, 8).toUpperCase()],
      ['Reden', creditNoteReasonLabels[data.reason]],
    ],
    { to: data.customer },
  );
  drawGig(doc, gigRows(data));

  const totals = creditNoteTotals(data);
  const sumsLeft = drawLineTable(doc, totals, (description) => `Correctie: ${description}`);
  const method = data.refundMethod ? (paymentMethodLabels[data.refundMethod] ?? data.refundMethod) : null;
  doc.text(`Terugbetaald${method ? ` via ${method}` : ''}`, sumsLeft, doc.y, { font: doc.bold, size: 10.5 });
  doc.text(dutchCents(-totals.totalCents), doc.right, doc.y, { font: doc.bold, size: 10.5, alignRight: true });
  doc.y -= 30;

  return finishPdfDocument(doc, [
    `We hebben ${dutchCents(-totals.totalCents)} teruggestort via de betaalmethode waarmee je betaalde; het staat meestal binnen 5 tot 10 werkdagen weer op je rekening.`,
    `De bedragen op deze creditfactuur zijn negatief: ze verminderen factuur ${data.invoice.number} met het teruggestorte bedrag, met de btw die daarbij hoort.`,
    `Vragen over deze creditfactuur? Mail ${company.email} of bel ${company.phone} en noem het creditnummer.`,
  ]);
}
