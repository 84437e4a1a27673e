// What the back office's 'Uitbetalingen' and 'Meldingen' read (admin_payouts, admin_booking_cases in
// 20261207000200_backoffice_payouts_and_cash_book.sql) and do (retry_payout, resolve_booking_case,
// the case's photos), as each role: an admin with a second factor gets every row with its names
// and amounts; customers, artists (even of their own booking) and a password-only admin get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, payBooking, serviceClient, sql, type TestUser } from './support.ts';

afterAll(closePool);

const DAY = 86_400_000;
let admin: TestUser, halfAdmin: TestUser, customer: TestUser, artist: TestUser;
let act: string, actName: string;
let reported: string, failed: string;
const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]);

let gigs = 0;
const pastGig = () => {
  gigs += 1;
  const endsAt = new Date(Date.now() - gigs * 5 * 3_600_000 - DAY);
  return { startsAt: new Date(endsAt.getTime() - 3 * 3_600_000), endsAt };
};

beforeAll(async () => {
  [admin, halfAdmin, customer, artist] = await Promise.all([createUser('admin'), createUser('admin', { aal: 'aal1' }), createUser('customer', { first: 'Roos', last: 'Klant' }), createUser('artist')]);
  actName = `Meldingband ${artist.id.slice(0, 6)}`;
  act = await createArtist(artist, { name: actName });
  reported = await createBooking(customer, act, 'accepted', pastGig());
  await payBooking(reported);
  await completeBooking(reported, { checkIn: 'open' });
  const upload = await customer.client.storage.from('case-photos').upload(`${reported}/zaal.jpg`, photo, { contentType: 'image/jpeg' });
  expect(upload.error).toBeNull();
  const answer = await customer.client.rpc('answer_checkin', {
    booking_id: reported,
    all_good: false,
    reason: 'no_show',
    details: 'Niemand van de band is komen opdagen.',
    photos: [`${reported}/zaal.jpg`],
  });
  expect(answer.error).toBeNull();
  expect((await artist.client.rpc('reply_to_case', { booking_id: reported, reply: 'Wij stonden voor een dichte deur.' })).error).toBeNull();
  failed = await createBooking(customer, act, 'accepted', pastGig());
  await payBooking(failed);
  await completeBooking(failed);
  expect((await serviceClient().rpc('finish_payout', { booking_id: failed, outcome: 'failed', failure: 'Mollie 503: probeer later' })).error).toBeNull();
});

describe('admin_payouts', () => {
  it('gives an admin each payout with its act, customer, amounts, attempts and last error', async () => {
    const { data, error } = await admin.client
      .from('admin_payouts')
      .select('id, status, amount_cents, artist_name, customer_name, customer_email, price_cents, total_cents, last_error, case_status')
      .in('id', [reported, failed])
      .order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: failed,
        status: 'failed',
        amount_cents: 100_000,
        artist_name: actName,
        customer_name: 'Roos Klant',
        customer_email: customer.email,
        price_cents: 100_000,
        total_cents: 105_000,
        last_error: 'Mollie 503: probeer later',
        case_status: null,
      },
      {
        id: reported,
        status: 'held',
        amount_cents: 100_000,
        artist_name: actName,
        customer_name: 'Roos Klant',
        customer_email: customer.email,
        price_cents: 100_000,
        total_cents: 105_000,
        last_error: null,
        case_status: 'open',
      },
    ]);
    const search = await admin.client.from('admin_payouts').select('id').ilike('search_text', `%${actName.toLowerCase()}%`);
    expect(search.data?.map((row) => row.id).sort()).toEqual([reported, failed].sort());
  });

  it('shows customers, artists and a password-only admin nothing, and refuses guests', async () => {
    for (const user of [customer, artist, halfAdmin]) {
      const { data, error } = await user.client.from('admin_payouts').select('id').in('id', [reported, failed]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await anonClient().from('admin_payouts').select('id')).error).not.toBeNull();
  });

  it("'Opnieuw proberen': only an admin, only a failed or waiting payout, in the audit log", async () => {
    for (const user of [customer, artist, halfAdmin]) {
      const { error } = await user.client.rpc('retry_payout', { booking_id: failed });
      expect(error).toMatchObject({ code: '42501', message: 'Alleen een beheerder kan een uitbetaling opnieuw proberen.' });
    }
    const { error } = await admin.client.rpc('retry_payout', { booking_id: failed });
    expect(error).toBeNull();
    const [row] = await sql<{ attempts: number; due: boolean }>('select attempts, next_attempt_at <= now() as due from public.payouts where booking_id = $1', [failed]);
    expect(row).toEqual({ attempts: 0, due: true });
    expect((await admin.client.from('admin_audit_entries').select('action, table_name, record_id').eq('record_id', failed).eq('action', 'payout_retry')).data).toEqual([
      { action: 'payout_retry', table_name: 'payouts', record_id: failed },
    ]);
    const held = await admin.client.rpc('retry_payout', { booking_id: reported });
    expect(held.error).toMatchObject({ message: 'Alleen een mislukte of wachtende uitbetaling kan opnieuw.' });
  });
});

describe('admin_booking_cases', () => {
  it('gives an admin the case with both sides, what was paid and the largest partial refund', async () => {
    const { data, error } = await admin.client
      .from('admin_booking_cases')
      .select(
        'id, status, reason, details, photos, artist_reply, customer_name, customer_email, artist_name, artist_email, paid_cents, price_cents, max_partial_refund_cents, payout_status, payout_cents',
      )
      .eq('id', reported);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: reported,
        status: 'open',
        reason: 'no_show',
        details: 'Niemand van de band is komen opdagen.',
        photos: [`${reported}/zaal.jpg`],
        artist_reply: 'Wij stonden voor een dichte deur.',
        customer_name: 'Roos Klant',
        customer_email: customer.email,
        artist_name: actName,
        artist_email: artist.email,
        paid_cents: 105_000,
        price_cents: 100_000,
        max_partial_refund_cents: 99_999,
        payout_status: 'held',
        payout_cents: 100_000,
      },
    ]);
  });

  it('shows customers, artists and a password-only admin nothing, and refuses guests', async () => {
    for (const user of [customer, artist, halfAdmin]) {
      const { data, error } = await user.client.from('admin_booking_cases').select('id').eq('id', reported);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await anonClient().from('admin_booking_cases').select('id')).error).not.toBeNull();
  });

  it("lets an admin open the customer's photo by a signed address; a stranger gets none", async () => {
    const signed = await admin.client.storage.from('case-photos').createSignedUrl(`${reported}/zaal.jpg`, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(photo);
    const stranger = await createUser('customer');
    expect((await stranger.client.storage.from('case-photos').createSignedUrl(`${reported}/zaal.jpg`, 60)).error).not.toBeNull();
  });

  it('a refund above what the database allows is refused with its Dutch message; resolved, the case and its payout show it', async () => {
    const tooMuch = await admin.client.rpc('resolve_booking_case', { booking_id: reported, resolution: 'partial_refund', refund_cents: 100_000 });
    expect(tooMuch.error).toMatchObject({ message: 'Kies een terugbetaling tussen € 0,01 en € 999,99.' });
    const { error } = await admin.client.rpc('resolve_booking_case', { booking_id: reported, resolution: 'partial_refund', refund_cents: 10_000, note: 'Deels terug' });
    expect(error).toBeNull();
    const { data } = await admin.client
      .from('admin_booking_cases')
      .select('status, resolution, refund_cents, resolution_note, resolved_by_name, payout_status, payout_cents')
      .eq('id', reported)
      .single();
    expect(data).toEqual({
      status: 'resolved',
      resolution: 'partial_refund',
      refund_cents: 10_000,
      resolution_note: 'Deels terug',
      resolved_by_name: 'Test admin',
      payout_status: 'due',
      payout_cents: 90_000,
    });
    expect((await admin.client.from('admin_payouts').select('status, amount_cents, case_status, case_refund_cents').eq('id', reported).single()).data).toEqual({
      status: 'due',
      amount_cents: 90_000,
      case_status: 'resolved',
      case_refund_cents: 10_000,
    });
  });
});
