// E-mail for every booking step: a transition writes the outbox in the database, the
// send-notifications edge function (called by the scheduler, or by anyone with the service key)
// sends Dutch mails through SMTP; here they arrive in the stack's mail catcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMail, type BookingNotification } from '../functions/send-notifications/messages.ts';
import { keys, urls } from '../stack/config.ts';
import { startScheduler } from '../stack/scheduler.ts';
import { waitFor } from '../stack/testing.ts';
import { closePool, createArtist, createUser, futureWindow, pool, serviceClient, sql, type TestUser } from './support.ts';

interface MailSummary {
  ID: string;
  MessageID: string;
  Subject: string;
}

const sendNotifications = (token: string) =>
  fetch(`${urls.api}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });

async function mailsTo(email: string): Promise<MailSummary[]> {
  const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

async function mailBody(id: string): Promise<{ Text: string; HTML: string }> {
  return (await (await fetch(`${urls.mail}/api/v1/message/${id}`)).json()) as { Text: string; HTML: string };
}

let customer: TestUser;
let artistOwner: TestUser;
let artistId: string;

async function requestBooking(by: TestUser = customer): Promise<string> {
  const window = futureWindow(60);
  const { data, error } = await by.client.rpc('request_booking', {
    artist_id: artistId,
    starts_at: window.startsAt.toISOString(),
    ends_at: window.endsAt.toISOString(),
    event_type: 'Bruiloft',
    event_location: 'Utrecht',
  });
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  [customer, artistOwner] = await Promise.all([createUser('customer', { first: 'Sanne' }), createUser('artist', { first: 'Joris' })]);
  artistId = await createArtist(artistOwner, { name: 'De Mailband' });
});
afterAll(closePool);

describe('booking e-mails', () => {
  it('a booking request mails the customer and the artist exactly once, even with two concurrent senders', async () => {
    const bookingId = await requestBooking();
    const [first, second] = await Promise.all([sendNotifications(keys.serviceRole), sendNotifications(keys.serviceRole)]);
    expect([first.status, second.status]).toEqual([200, 200]);

    await waitFor(async () => (await mailsTo(customer.email)).length > 0 && (await mailsTo(artistOwner.email)).length > 0);
    // Any later run (the stack's own scheduler included) sends nothing more.
    await sendNotifications(keys.serviceRole);
    const toCustomer = await mailsTo(customer.email);
    const toArtist = await mailsTo(artistOwner.email);
    expect(toCustomer.map((mail) => mail.Subject)).toEqual(['Je aanvraag bij De Mailband is verstuurd']);
    expect(toArtist).toHaveLength(1);
    expect(toArtist[0]!.Subject).toMatch(/^Nieuwe boekingsaanvraag voor /);

    const artistMail = await mailBody(toArtist[0]!.ID);
    expect(artistMail.Text).toContain('Hallo Joris,');
    expect(artistMail.Text).toContain('Sanne customer wil De Mailband boeken');
    expect(artistMail.Text).toContain(`${urls.site}/dashboard/artist?booking=${bookingId}`);
    expect(artistMail.HTML).toContain('Podium');

    const rows = await sql<{ sent: boolean; attempts: number }>('select sent_at is not null as sent, attempts from private.notification_outbox where booking_id = $1', [bookingId]);
    expect(rows).toEqual([
      { sent: true, attempts: 1 },
      { sent: true, attempts: 1 },
    ]);
  });

  it('the local scheduler sends them: accepting a request mails the customer a link to pay', async () => {
    const bookingId = await requestBooking();
    const { error } = await artistOwner.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'accepted' });
    expect(error).toBeNull();
    const scheduler = startScheduler(pool(), { intervalMs: 3_600_000 });
    try {
      await scheduler.tick();
    } finally {
      await scheduler.close();
    }
    const accepted = await waitFor(async () => (await mailsTo(customer.email)).find((mail) => mail.Subject === 'De Mailband heeft je aanvraag geaccepteerd: rond je boeking af'));
    const body = await mailBody(accepted.ID);
    expect(body.Text).toContain(`Nu betalen: ${urls.site}/booking/${bookingId}/checkout`);
    expect(body.Text).toMatch(/Betaal €\s?[\d.]+,\d{2} vóór /);
    expect(body.HTML).toContain(`href="${urls.site}/booking/${bookingId}/checkout"`);
  });

  it('refuses anyone but the service role', async () => {
    expect((await sendNotifications(keys.anon)).status).toBe(403);
    expect((await sendNotifications(customer.token)).status).toBe(403);
    const { error } = await customer.client.rpc('claim_booking_notifications', { batch_size: 1 });
    expect(error).not.toBeNull();
  });

  it("asked for one booking, sends that booking's mails and leaves the rest of the outbox waiting", async () => {
    // Its own customer: each may send an act 5 requests a day.
    const someone = await createUser('customer', { first: 'Fenna' });
    const [mine, other] = [await requestBooking(someone), await requestBooking(someone)];
    const response = await fetch(`${urls.api}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
      body: JSON.stringify({ booking_id: mine }),
    });
    expect(response.status).toBe(200);
    // At most this booking's two mails (the scheduler's run of every minute may have sent one of
    // them); without the filter the run would also send the other booking's two.
    const run = (await response.json()) as { sent: number; failed: number };
    expect(run.failed).toBe(0);
    expect(run.sent).toBeLessThanOrEqual(2);
    const sent = async (id: string) =>
      sql<{ recipient: string; sent: boolean }>('select recipient, sent_at is not null as sent from private.notification_outbox where booking_id = $1 order by recipient', [id]);
    expect(await sent(mine)).toEqual([
      { recipient: 'artist', sent: true },
      { recipient: 'customer', sent: true },
    ]);
    expect((await sent(other)).length).toBe(2);
    const bad = await fetch(`${urls.api}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
      body: JSON.stringify({ booking_id: 'drop table' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'booking_id is geen geldige boeking.' });
  });

  it('a mail is held for about a minute while one run sends it; left unrecorded by a run that died, it goes again as the same message', async () => {
    await sendNotifications(keys.serviceRole);
    const bookingId = await requestBooking();
    // A run claims the first of this booking's two mails and is killed before it records it.
    const { data, error } = await serviceClient().rpc('claim_booking_notifications', { batch_size: 1, only_booking: bookingId });
    expect(error).toBeNull();
    const claimed = (data ?? []) as { id: number; booking_id: string }[];
    expect(claimed.map((row) => row.booking_id)).toEqual([bookingId]);
    const held = String(claimed[0]!.id);
    const [lease] = await sql<{ seconds: number }>('select extract(epoch from claimed_until - now())::int as seconds from private.notification_outbox where id = $1', [held]);
    expect(lease!.seconds).toBeGreaterThan(45);
    expect(lease!.seconds).toBeLessThanOrEqual(60);

    // The next run sends the other mail at once; the claimed one waits for its lease.
    await sendNotifications(keys.serviceRole);
    const rows = await sql<{ id: string; sent: boolean }>('select id::text, sent_at is not null as sent from private.notification_outbox where booking_id = $1 order by id', [bookingId]);
    expect(rows).toEqual([
      { id: held, sent: false },
      { id: expect.any(String), sent: true },
    ]);

    // The lease runs out: the next run sends it, with the Message-ID of its row.
    await sql(`update private.notification_outbox set claimed_until = now() - interval '1 second' where id = $1`, [held]);
    await sendNotifications(keys.serviceRole);
    const mail = await waitFor(async () => (await mailsTo(customer.email)).find((summary) => summary.MessageID === `booking-notification-${held}@podium.nl`));
    expect(mail.Subject).toBe('Je aanvraag bij De Mailband is verstuurd');
    const [after] = await sql<{ sent: boolean; attempts: number }>('select sent_at is not null as sent, attempts from private.notification_outbox where id = $1', [held]);
    expect(after).toEqual({ sent: true, attempts: 2 });
  });

  it('a failed mail is tried again later, not straight away, and never after it was sent', async () => {
    const bookingId = await requestBooking();
    const [row] = await sql<{ id: string }>(`select id from private.notification_outbox where booking_id = $1 and recipient = 'customer'`, [bookingId]);
    const requestsBefore = (await mailsTo(artistOwner.email)).filter((mail) => mail.Subject.startsWith('Nieuwe boekingsaanvraag')).length;
    // As if a sender had claimed it and SMTP failed.
    await sql(`update private.notification_outbox set attempts = 1, claimed_until = now() + interval '5 minutes' where id = $1`, [row!.id]);
    const { error } = await serviceClient().rpc('finish_booking_notification', { notification_id: row!.id, failure: 'SMTP onbereikbaar' });
    expect(error).toBeNull();
    const [after] = await sql<{ sent: boolean; last_error: string; waits: boolean; claimed: boolean }>(
      `select sent_at is not null as sent, last_error, next_attempt_at > now() + interval '1 minute' as waits, claimed_until is not null as claimed
         from private.notification_outbox where id = $1`,
      [row!.id],
    );
    expect(after).toEqual({ sent: false, last_error: 'SMTP onbereikbaar', waits: true, claimed: false });
    await sendNotifications(keys.serviceRole);
    // The artist's mail went out; the customer's waits for its retry.
    expect((await mailsTo(artistOwner.email)).filter((mail) => mail.Subject.startsWith('Nieuwe boekingsaanvraag')).length).toBe(requestsBefore + 1);
    const [still] = await sql<{ sent: boolean }>('select sent_at is not null as sent from private.notification_outbox where id = $1', [row!.id]);
    expect(still!.sent).toBe(false);
  });
});

describe('booking e-mail texts', () => {
  const base: BookingNotification = {
    recipient: 'customer',
    first_name: 'Sanne',
    booking_id: '00000000-0000-4000-8000-000000000001',
    from_status: 'accepted',
    to_status: 'completed',
    reason: null,
    cancelled_by: null,
    starts_at: '2030-06-15T18:00:00Z',
    event_type: 'Bruiloft',
    event_location: 'Utrecht',
    total_cents: 123_456,
    payment_deadline: null,
    response_deadline: null,
    artist_name: 'De <Mail> & Band',
    customer_name: 'Sanne de Vries',
  };
  // Where each mail's button leads: the page where the reader does what the mail asks.
  const id = base.booking_id;
  const links: [recipient: 'customer' | 'artist', step: string, link: string][] = [
    ['customer', 'pending', `https://podium.nl/bookings?booking=${id}`],
    ['customer', 'accepted', `https://podium.nl/booking/${id}/checkout`],
    ['customer', 'declined', 'https://podium.nl/artiesten'],
    ['customer', 'confirmed', `https://podium.nl/bookings?booking=${id}`],
    ['customer', 'cancelled', `https://podium.nl/bookings?booking=${id}`],
    ['customer', 'expired', `https://podium.nl/bookings?booking=${id}`],
    ['customer', 'completed', `https://podium.nl/bookings?booking=${id}`],
    ['artist', 'pending', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'accepted', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'declined', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'confirmed', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'cancelled', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'expired', `https://podium.nl/dashboard/artist?booking=${id}`],
    ['artist', 'completed', `https://podium.nl/dashboard/artist?booking=${id}`],
  ];

  it.each(links)('the %s gets a Dutch mail for %s, linking to %s', (recipient, step, link) => {
    const mail = bookingMail({ ...base, recipient, to_status: step }, 'https://podium.nl/');
    expect(mail).not.toBeNull();
    expect(mail!.text).toMatch(/^Hallo Sanne,/);
    expect(mail!.text).toContain('Team Podium');
    const textLinks = mail!.text.match(/https:\/\/podium\.nl\/\S*/g);
    expect(textLinks).toEqual([link]);
    expect(mail!.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // Names are escaped in the HTML.
    expect(mail!.html).not.toContain('<Mail>');
  });

  it('asks the customer after the gig whether it took place, until when, and says a paid cancellation is refunded', () => {
    const asked = bookingMail({ ...base, checkin_closes_at: '2030-06-19T01:00:00Z' }, 'https://podium.nl')!;
    expect(asked.subject).toBe('Is het optreden van De <Mail> & Band doorgegaan?');
    expect(asked.text).toContain('meld het dan vóór woensdag 19 juni 2030 om 03:00: tot dan houden we de betaling vast.');
    expect(asked.text).toContain(`Laat het ons weten: https://podium.nl/bookings?booking=${base.booking_id}`);
    const artist = bookingMail({ ...base, recipient: 'artist', checkin_closes_at: '2030-06-19T01:00:00Z' }, 'https://podium.nl')!;
    expect(artist.text).toContain('De klant kan tot woensdag 19 juni 2030 om 03:00 laten weten of alles goed ging; daarna betalen we je uit');
    const cancelled = bookingMail({ ...base, to_status: 'cancelled', from_status: 'confirmed', cancelled_by: 'artist', reason: 'Ziek' }, 'https://podium.nl');
    expect(cancelled!.text).toContain('geannuleerd door de artiest');
    expect(cancelled!.text).toContain('Reden: Ziek');
    expect(cancelled!.text).toContain('terugbetaald');
  });

  it('tells the customer what the refund policy gives back, and when', () => {
    const cancelled = { ...base, to_status: 'cancelled', from_status: 'confirmed', cancelled_by: 'customer', paid_cents: 105_000 };
    const full = bookingMail({ ...cancelled, refund_cents: 105_000 }, 'https://podium.nl')!.text;
    expect(full).toMatch(/Je krijgt het volledige bedrag van €\s?1\.050,00 terugbetaald\./);
    expect(full).toContain('binnen 5 tot 10 werkdagen');
    const half = bookingMail({ ...cancelled, refund_cents: 52_500 }, 'https://podium.nl')!.text;
    expect(half).toMatch(/krijg je €\s?525,00 van de betaalde €\s?1\.050,00 terugbetaald/);
    const none = bookingMail({ ...cancelled, refund_cents: 0 }, 'https://podium.nl')!.text;
    expect(none).toMatch(/niet terugbetaald/);
    expect(none).not.toContain('werkdagen');
    // Nothing paid (a request cancelled before payment): no word about money.
    const unpaid = bookingMail({ ...cancelled, from_status: 'accepted', paid_cents: 0, refund_cents: 0 }, 'https://podium.nl')!.text;
    expect(unpaid).not.toContain('terugbetaald');
    // The artist's mail says nothing about the customer's refund.
    expect(bookingMail({ ...cancelled, recipient: 'artist', refund_cents: 105_000 }, 'https://podium.nl')!.text).not.toContain('werkdagen');
  });
});
