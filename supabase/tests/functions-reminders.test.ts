// Reminder e-mails: enqueue_booking_reminders (the scheduler, every 5 minutes) writes
// a reminder into the booking outbox when its moment has come; send-notifications mails it. Each
// reminder goes out once, to the right side, with a link to the screen where it is handled.
// Deadlines are moved with SQL, as time passing would move them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, sendBookingMails, serviceClient, sql, type TestUser } from './support.ts';

interface MailSummary {
  ID: string;
  Subject: string;
}

let customer: TestUser;
let artistOwner: TestUser;
let artistId: string;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const windowAt = (startsInHours: number) => ({ startsAt: hours(startsInHours), endsAt: hours(startsInHours + 3) });

async function enqueue(): Promise<number> {
  const { data, error } = await serviceClient().rpc('enqueue_booking_reminders');
  if (error) throw new Error(error.message);
  return data as number;
}

async function send(bookingId: string) {
  expect(await sendBookingMails(bookingId)).toBe(200);
}

async function mailsTo(email: string): Promise<MailSummary[]> {
  const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

async function mailText(email: string, subject: RegExp): Promise<string> {
  const mail = await waitFor(async () => (await mailsTo(email)).find((item) => subject.test(item.Subject)));
  return ((await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Text: string }).Text;
}

async function reminders(bookingId: string) {
  return sql<{ recipient: string; kind: string; sent: boolean }>(
    'select recipient, kind, sent_at is not null as sent from private.notification_outbox where booking_id = $1 and kind is not null order by recipient, kind',
    [bookingId],
  );
}

beforeAll(async () => {
  [customer, artistOwner] = await Promise.all([createUser('customer', { first: 'Lotte' }), createUser('artist', { first: 'Bram' })]);
  artistId = await createArtist(artistOwner, { name: 'De Herinneringsband' });
});
afterAll(closePool);

describe('booking reminders', () => {
  it('reminds the artist of a request whose answer deadline is near, once, with a link to the dashboard', async () => {
    const bookingId = await createBooking(customer, artistId, 'pending', windowAt(24 * 20));
    await sql("update public.bookings set response_deadline = now() + interval '3 hours' where id = $1", [bookingId]);
    expect(await enqueue()).toBeGreaterThanOrEqual(1);
    await enqueue();
    expect(await reminders(bookingId)).toEqual([{ recipient: 'artist', kind: 'answer_due', sent: false }]);
    await send(bookingId);
    const text = await mailText(artistOwner.email, /^Herinnering: beantwoord de aanvraag voor /);
    expect(text).toContain('Hallo Bram,');
    expect(text).toContain('Lotte customer wacht nog op je antwoord');
    expect(text).toContain(`Open je dashboard: ${urls.site}/dashboard/artist?booking=${bookingId}`);
    expect(await reminders(bookingId)).toEqual([{ recipient: 'artist', kind: 'answer_due', sent: true }]);
  });

  it('reminds the customer to pay before the payment deadline, with a link to the checkout', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted', windowAt(24 * 21));
    await sql("update public.bookings set payment_deadline = now() + interval '5 hours' where id = $1", [bookingId]);
    await enqueue();
    expect(await reminders(bookingId)).toEqual([{ recipient: 'customer', kind: 'payment_due', sent: false }]);
    await send(bookingId);
    const text = await mailText(customer.email, /^Herinnering: betaal je boeking van De Herinneringsband$/);
    expect(text).toMatch(/Betaal €\s?[\d.]+,\d{2} vóór /);
    expect(text).toContain(`Nu betalen: ${urls.site}/booking/${bookingId}/checkout`);
  });

  it('tells both sides two days before the gig', async () => {
    const bookingId = await createBooking(customer, artistId, 'confirmed', windowAt(30));
    await enqueue();
    expect(await reminders(bookingId)).toEqual([
      { recipient: 'artist', kind: 'gig_soon', sent: false },
      { recipient: 'customer', kind: 'gig_soon', sent: false },
    ]);
    await send(bookingId);
    expect(await mailText(customer.email, /^Over twee dagen: De Herinneringsband op /)).toContain(`${urls.site}/bookings?booking=${bookingId}`);
    expect(await mailText(artistOwner.email, /^Over twee dagen: je optreden op /)).toContain(`${urls.site}/dashboard/artist?booking=${bookingId}`);
  });

  it('asks for a review once more when a completed gig has none, and not when it has one', async () => {
    const withoutReview = await createBooking(customer, artistId, 'completed', windowAt(-24 * 5));
    const reviewed = await createBooking(customer, artistId, 'completed', windowAt(-24 * 6));
    await sql("update public.bookings set completed_at = now() - interval '4 days' where id = any($1)", [[withoutReview, reviewed]]);
    await sql('insert into public.reviews (booking_id, artist_id, customer_id, rating, body) values ($1, $2, $3, 5, $4)', [reviewed, artistId, customer.id, 'Geweldige avond!']);
    await enqueue();
    expect(await reminders(withoutReview)).toEqual([{ recipient: 'customer', kind: 'review_due', sent: false }]);
    expect(await reminders(reviewed)).toEqual([]);
    await send(withoutReview);
    expect(await mailText(customer.email, /^Nog even: hoe was De Herinneringsband\?$/)).toContain(`${urls.site}/reviews/booking/${withoutReview}`);
  });

  it('reminds nobody whose moment has not come or whose booking moved on', async () => {
    const farDeadline = await createBooking(customer, artistId, 'pending', windowAt(24 * 22));
    await sql("update public.bookings set response_deadline = now() + interval '3 days' where id = $1", [farDeadline]);
    const declined = await createBooking(customer, artistId, 'declined', windowAt(24 * 23));
    await sql("update public.bookings set response_deadline = now() + interval '1 hour' where id = $1", [declined]);
    const farGig = await createBooking(customer, artistId, 'confirmed', windowAt(24 * 10));
    await enqueue();
    for (const id of [farDeadline, declined, farGig]) expect(await reminders(id)).toEqual([]);
  });

  it('only the server may plan reminders', async () => {
    const { error } = await anonClient().rpc('enqueue_booking_reminders');
    expect(error?.code).toMatch(/^(42501|PGRST202)$/);
    const { error: asCustomer } = await customer.client.rpc('enqueue_booking_reminders');
    expect(asCustomer?.code).toMatch(/^(42501|PGRST202)$/);
  });
});
