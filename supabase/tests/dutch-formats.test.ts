// The dates and amounts the edge functions write in mails and PDFs, as the reader sees them: all
// through _shared/dutch.ts, on the Netherlands' clock (winter and summer time). Pure, no stack needed.
import { describe, expect, it } from 'vitest';
import { teamMail } from '../functions/contact-request/mail.ts';
import { gigWhen } from '../functions/_shared/invoice.ts';
import { amsterdamMonthOf, statementMessages, statementMonthLabel } from '../functions/_shared/payout-statement.ts';
import { bookingMail, creditNoteMail, type BookingNotification } from '../functions/send-notifications/messages.ts';

const nbsp = '\u00a0';

const accepted: BookingNotification = {
  recipient: 'customer',
  first_name: 'Anna',
  booking_id: 'b-1',
  from_status: 'pending',
  to_status: 'accepted',
  reason: null,
  cancelled_by: null,
  // 20:00 in Amsterdam in winter; the deadline falls in summer time.
  starts_at: '2026-12-12T19:00:00Z',
  event_type: 'Bruiloft',
  event_location: 'Utrecht',
  total_cents: 105_000,
  payment_deadline: '2026-07-04T21:59:00Z',
  response_deadline: null,
  artist_name: 'Hoogtij',
  customer_name: 'Anna de Vries',
};

describe('the Dutch in the functions', () => {
  it("writes a booking mail's moment and amount as the pages do", () => {
    const mail = bookingMail(accepted, 'https://podium.example')!;
    expect(mail.text).toContain('Goed nieuws: Hoogtij speelt graag op zaterdag 12 december 2026 om 20:00 (Bruiloft, Utrecht).');
    expect(mail.text).toContain(`Betaal €${nbsp}1.050,00 vóór zaterdag 4 juli 2026 om 23:59 om de boeking definitief te maken.`);
  });

  it('writes a refund as a positive amount on the day of the gig in the Netherlands', () => {
    const mail = creditNoteMail(
      { booking_id: 'b-1', number: 'CN-2026-0001', total_cents: -52_550, reason: 'cancellation', first_name: null, artist_name: 'Hoogtij', starts_at: '2026-12-31T23:30:00Z' },
      'https://podium.example',
    );
    expect(mail.subject).toBe(`Je terugbetaling van €${nbsp}525,50 is onderweg`);
    expect(mail.text).toContain('voor je boeking van Hoogtij op 1 januari 2027, na de annulering.');
  });

  it("writes the invoice's gig line with the day and the clock in Amsterdam", () => {
    expect(gigWhen({ startsAt: '2026-07-11T19:00:00Z', endsAt: '2026-07-11T22:00:00Z' })).toBe('zaterdag 11 juli 2026, 21:00 – 00:00');
  });

  it("names the payout statement's month, and counts a payout by the month it fell in in Amsterdam", () => {
    expect(statementMonthLabel('2026-12')).toBe('december 2026');
    expect(statementMessages.empty('2026-03')).toBe('Je hebt in maart 2026 geen uitbetalingen ontvangen.');
    expect(amsterdamMonthOf('2026-11-30T23:30:00Z')).toBe('2026-12');
    expect(amsterdamMonthOf('2026-06-30T21:59:00Z')).toBe('2026-06');
  });

  it("writes the quote request's event date with its weekday", () => {
    const mail = teamMail(
      {
        kind: 'quote',
        name: 'Sam',
        email: 'sam@example.nl',
        phone: null,
        subject: '',
        message: '',
        eventDate: '2026-12-12',
        eventLocation: 'Utrecht',
        guestCount: 120,
        services: [],
      },
      'req-1',
      'https://podium.example',
    );
    expect(mail.subject).toBe('Offerteaanvraag sound & light: zaterdag 12 december 2026 in Utrecht');
  });
});
