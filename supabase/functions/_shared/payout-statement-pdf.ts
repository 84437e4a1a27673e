// The monthly payout statement as a PDF (A4, Helvetica), laid out like the invoices
// (pdf-document.ts): Podium's details, the artist and their Mollie organization, one line per
// payout (the day Mollie carried it out, the booking, the Mollie route or balance transfer, the
// amount) over as many pages as it takes, and the total.
import { company } from './company.ts';
import { dutchCents, dutchDateOfMoment } from './dutch.ts';
import { bookingNumber, statementMonthLabel, statementTotalCents, type StatementData } from './payout-statement.ts';
import { drawFacts, drawTitle, finishPdfDocument, muted, startPdfDocument, truncate } from './pdf-document.ts';

/** The Mollie ids of a payout, one a line: its route on the payment and/or the balance transfer. */
const mollieIds = (payout: StatementData['payouts'][number]) => {
  const ids = [payout.routeId, payout.transferId].filter((id): id is string => Boolean(id));
  return ids.length > 0 ? ids : ['-'];
};

export async function renderPayoutStatementPdf(data: StatementData): Promise<Uint8Array> {
  const monthLabel = statementMonthLabel(data.month);
  const doc = await startPdfDocument({ title: `Uitbetalingsspecificatie ${monthLabel}`, subject: `Uitbetalingen aan ${data.owner.name} in ${monthLabel}`, issuedAt: data.issuedAt }, { iban: false });
  drawTitle(doc, 'Uitbetalingsspecificatie', `Wat Podium je in ${monthLabel} heeft uitbetaald via Mollie.`);
  drawFacts(
    doc,
    [
      ['Maand', monthLabel],
      ['Datum', dutchDateOfMoment(data.issuedAt)],
      ['Aan', data.owner.name],
      ['E-mail', data.owner.email],
      ...(data.organization ? ([['Mollie-organisatie', `${data.organization.name} (${data.organization.id})`]] as [string, string][]) : []),
    ],
    { labelWidth: 110 },
  );

  // The payouts, a header on every page.
  const { text, regular, bold, left, right } = doc;
  const columns = { date: left, booking: left + 82, mollie: left + 250, amount: right };
  const header = () => {
    doc.line(doc.y + 12);
    text('Uitbetaald op', columns.date, doc.y - 4, { font: bold, size: 9 });
    text('Boeking', columns.booking, doc.y - 4, { font: bold, size: 9 });
    text('Mollie-route / overboeking', columns.mollie, doc.y - 4, { font: bold, size: 9 });
    text('Bedrag', columns.amount, doc.y - 4, { font: bold, size: 9, alignRight: true });
    doc.y -= 24;
  };
  header();
  for (const payout of data.payouts) {
    if (doc.y < 110) {
      doc.newPage();
      header();
    }
    const y = doc.y;
    text(dutchDateOfMoment(payout.paidAt), columns.date, y, { size: 9.5 });
    text(truncate(`${bookingNumber(payout.bookingId)} · ${dutchDateOfMoment(payout.startsAt)}`, regular, 9.5, columns.mollie - columns.booking - 10), columns.booking, y, { size: 9.5 });
    text(truncate([payout.artistName, payout.eventType].filter(Boolean).join(' · '), regular, 8, columns.mollie - columns.booking - 10), columns.booking, y - 11, { size: 8, color: muted });
    mollieIds(payout).forEach((id, index) => text(truncate(id, regular, 8, columns.amount - columns.mollie - 62), columns.mollie, y - index * 11, { size: 8 }));
    text(dutchCents(payout.amountCents), columns.amount, y, { alignRight: true });
    doc.y -= 28;
  }
  doc.line(doc.y + 14);
  text(`Totaal uitbetaald in ${monthLabel}`, columns.booking, doc.y - 2, { font: bold, size: 10.5 });
  text(dutchCents(statementTotalCents(data.payouts)), columns.amount, doc.y - 2, { font: bold, size: 10.5, alignRight: true });
  doc.y -= 34;
  if (doc.y < 100) doc.newPage();

  return finishPdfDocument(doc, [
    'De bedragen zijn je gage voor de optredens hierboven. De servicekosten die de klant betaalt, blijven bij Podium.',
    'Mollie zet het geld op het saldo van je Mollie-organisatie en maakt het volgens je eigen instellingen bij Mollie over naar je bankrekening.',
    `Vragen? Mail ${company.email} en noem het boekingsnummer.`,
  ]);
}
