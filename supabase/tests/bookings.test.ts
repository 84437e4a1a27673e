// Bookings: the transition table (every from × to × actor), prices from the database, the
// payment webhook's entry point, timed jobs, and BANDS refunds and referral bonuses on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, closePool, createArtist, createBooking, createUser, futureWindow, pool, serviceClient, sql, type BookingStatus, type TestUser } from './support.ts';

const STATUSES: BookingStatus[] = ['pending', 'accepted', 'declined', 'confirmed', 'expired', 'cancelled', 'completed'];
const ACTORS = ['customer', 'artist', 'admin', 'system', 'stranger'] as const;
type Actor = (typeof ACTORS)[number];

// ARCHITECTURE's statuses and who may move them, written out independently of the SQL table.
const ALLOWED: Record<string, Actor[]> = {
  'pending>accepted': ['artist', 'admin'],
  'pending>declined': ['artist', 'admin'],
  'pending>cancelled': ['customer', 'admin', 'system'],
  'accepted>confirmed': ['system'],
  'accepted>expired': ['system'],
  'accepted>cancelled': ['customer', 'artist', 'admin'],
  'confirmed>completed': ['system', 'admin'],
  'confirmed>cancelled': ['customer', 'artist', 'admin', 'system'],
};

let customer: TestUser, artistUser: TestUser, admin: TestUser, stranger: TestUser;
let artistId: string;

beforeAll(async () => {
  [customer, artistUser, admin, stranger] = await Promise.all([createUser('customer'), createUser('artist'), createUser('admin'), createUser('customer')]);
  artistId = await createArtist(artistUser, { basePriceCents: 80_000 });
});
afterAll(closePool);

async function transitionAs(actor: Actor, bookingId: string, to: string): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  const client = await pool().connect();
  try {
    const ids: Record<Actor, string | null> = { customer: customer.id, artist: artistUser.id, admin: admin.id, stranger: stranger.id, system: null };
    await asUser(client, ids[actor], () => client.query('select public.transition_booking($1, $2)', [bookingId, to]), actor === 'system' ? 'service_role' : 'authenticated');
    return { ok: true };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { ok: false, code, message };
  } finally {
    client.release();
  }
}

describe('transition table', () => {
  it('allows exactly the listed (from, to, actor) moves and explains every refusal', async () => {
    const mismatches: string[] = [];
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        for (const actor of ACTORS) {
          const bookingId = await createBooking(customer, artistId, from);
          const result = await transitionAs(actor, bookingId, to);
          const key = `${from}>${to}`;
          const expected = ALLOWED[key]?.includes(actor) ?? false;
          const [row] = await sql<{ status: string }>('select status from public.bookings where id = $1', [bookingId]);
          if (result.ok !== expected) mismatches.push(`${key} as ${actor}: expected ${expected ? 'allowed' : 'denied'}, got ${JSON.stringify(result)}`);
          if (result.ok && row!.status !== to) mismatches.push(`${key} as ${actor}: status is ${row!.status}`);
          if (!result.ok) {
            if (row!.status !== from) mismatches.push(`${key} as ${actor}: refused but status changed`);
            // A stranger learns nothing; a move outside the table is invalid; a listed move by the wrong actor is forbidden.
            const code = actor === 'stranger' ? 'P0002' : ALLOWED[key] ? '42501' : 'P0001';
            if (result.code !== code) mismatches.push(`${key} as ${actor}: code ${result.code}, expected ${code}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('the SQL rule table says the same as ARCHITECTURE', async () => {
    const rows = await sql<{ from_status: string; to_status: string; actor: string }>('select * from public.booking_transitions');
    const fromDb = rows.map((row) => `${row.from_status}>${row.to_status}:${row.actor}`).sort();
    const expected = Object.entries(ALLOWED)
      .flatMap(([key, actors]) => actors.map((actor) => `${key}:${actor}`))
      .sort();
    expect(fromDb).toEqual(expected);
  });

  it('records each transition in booking_events, with the actor', async () => {
    const instant = futureWindow().startsAt.toISOString();
    const { data: booking, error } = await customer.client.rpc('request_booking', { artist_id: artistId, starts_at: instant, ends_at: instant }).single();
    expect(error?.message).toBe('Kies een geldige begin- en eindtijd.');
    expect(booking).toBeNull();
    const window = futureWindow();
    const request = await customer.client.rpc('request_booking', { artist_id: artistId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() }).single<{ id: string }>();
    expect(request.error).toBeNull();
    const id = request.data!.id;
    expect((await artistUser.client.rpc('transition_booking', { booking_id: id, new_status: 'accepted' })).error).toBeNull();
    expect((await customer.client.rpc('transition_booking', { booking_id: id, new_status: 'cancelled', reason: 'Feest gaat niet door' })).error).toBeNull();
    const { data: events } = await customer.client.from('booking_events').select('from_status, to_status, actor, actor_id, reason').eq('booking_id', id).order('id');
    expect(events).toEqual([
      { from_status: null, to_status: 'pending', actor: 'customer', actor_id: customer.id, reason: null },
      { from_status: 'pending', to_status: 'accepted', actor: 'artist', actor_id: artistUser.id, reason: null },
      { from_status: 'accepted', to_status: 'cancelled', actor: 'customer', actor_id: customer.id, reason: 'Feest gaat niet door' },
    ]);
  });
});

describe('request_booking', () => {
  it('prices from the artist or package and the configured fee, never from the client', async () => {
    const window = futureWindow();
    const { data, error } = await customer.client
      .rpc('request_booking', { artist_id: artistId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString(), event_type: 'Bruiloft' })
      .single<{ price_cents: number; platform_fee_cents: number; total_cents: number; status: string; customer_id: string }>();
    expect(error).toBeNull();
    const [fee] = await sql<{ value_int: number }>(`select value_int from public.app_config where key = 'platform_fee_bps'`);
    expect(data).toMatchObject({ price_cents: 80_000, platform_fee_cents: Math.round((80_000 * fee!.value_int) / 10_000), status: 'pending', customer_id: customer.id });
    expect(data!.total_cents).toBe(data!.price_cents + data!.platform_fee_cents);

    const [pkg] = await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, price_cents) values ($1, 'Bruiloft XL', 240000) returning id`, [artistId]);
    const other = futureWindow();
    const withPackage = await customer.client
      .rpc('request_booking', { artist_id: artistId, package_id: pkg!.id, starts_at: other.startsAt.toISOString(), ends_at: other.endsAt.toISOString() })
      .single<{ price_cents: number }>();
    expect(withPackage.data?.price_cents).toBe(240_000);
  });

  it('ignores a price sent by the client', async () => {
    const window = futureWindow();
    const { error } = await customer.client.rpc('request_booking', {
      artist_id: artistId,
      starts_at: window.startsAt.toISOString(),
      ends_at: window.endsAt.toISOString(),
      price_cents: 1,
    });
    // PostgREST finds no function with a price argument: there is no way to pass one.
    expect(error?.code).toBe('PGRST202');
  });

  it('refuses past dates, blocked dates, unapproved artists, yourself and anon', async () => {
    const past = { starts_at: '2020-01-01T20:00:00Z', ends_at: '2020-01-01T23:00:00Z' };
    expect((await customer.client.rpc('request_booking', { artist_id: artistId, ...past })).error?.message).toBe('De datum van het optreden moet in de toekomst liggen.');
    await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2033-03-01', '2033-03-03')`, [artistId]);
    expect((await customer.client.rpc('request_booking', { artist_id: artistId, starts_at: '2033-03-02T18:00:00Z', ends_at: '2033-03-02T21:00:00Z' })).error?.message).toBe(
      'De artiest is niet beschikbaar op dit moment.',
    );
    const pending = await createArtist(await createUser('artist'), { approved: false });
    const window = futureWindow();
    const times = { starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() };
    expect((await customer.client.rpc('request_booking', { artist_id: pending, ...times })).error?.message).toBe('Artiest niet gevonden.');
    expect((await artistUser.client.rpc('request_booking', { artist_id: artistId, ...times })).error?.message).toBe('Je kunt jezelf niet boeken.');
    const { anonClient } = await import('./support.ts');
    expect((await anonClient().rpc('request_booking', { artist_id: artistId, ...times })).error?.code).toBe('42501');
  });
});

describe('overlap', () => {
  it('makes a second accepted booking in the same window impossible, with a Dutch message', async () => {
    const window = futureWindow();
    const first = await createBooking(customer, artistId, 'pending', window);
    const second = await createBooking(stranger, artistId, 'pending', { startsAt: new Date(window.startsAt.getTime() + 3_600_000), endsAt: new Date(window.endsAt.getTime() + 3_600_000) });
    expect((await artistUser.client.rpc('transition_booking', { booking_id: first, new_status: 'accepted' })).error).toBeNull();
    const { error } = await artistUser.client.rpc('transition_booking', { booking_id: second, new_status: 'accepted' });
    expect(error).toMatchObject({ code: '23P01', message: 'Deze artiest is in deze periode al geboekt.' });
    // Back to back is fine: ranges are half-open.
    const next = await createBooking(stranger, artistId, 'pending', { startsAt: window.endsAt, endsAt: new Date(window.endsAt.getTime() + 3_600_000) });
    expect((await artistUser.client.rpc('transition_booking', { booking_id: next, new_status: 'accepted' })).error).toBeNull();
  });
});

describe('payment webhook entry point (record_booking_payment)', () => {
  it('confirms a paid accepted booking once, and only for the service role', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const [booking] = await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId]);
    const args = { booking_id: bookingId, provider_payment_id: `tr_${bookingId.slice(0, 8)}`, payment_status: 'paid', amount_cents: booking!.total_cents };
    expect((await customer.client.rpc('record_booking_payment', args)).error?.code).toBe('42501');
    expect((await admin.client.rpc('record_booking_payment', args)).error?.code).toBe('42501');
    // A paid amount that does not match is recorded and reconciled (stranded-payments.test.ts).
    expect((await serviceClient().rpc('record_booking_payment', args)).error).toBeNull();
    // A replayed webhook changes nothing.
    expect((await serviceClient().rpc('record_booking_payment', args)).error).toBeNull();
    const [row] = await sql<{ status: string; events: number; payments: number }>(
      `select status, (select count(*)::int from public.booking_events where booking_id = b.id and to_status = 'confirmed') as events,
              (select count(*)::int from public.payments where booking_id = b.id) as payments from public.bookings b where id = $1`,
      [bookingId],
    );
    expect(row).toEqual({ status: 'confirmed', events: 1, payments: 1 });
  });
});

describe('timed jobs', () => {
  it('expire unpaid accepted bookings, cancel unanswered requests, complete past gigs; service role only', async () => {
    const unpaid = await createBooking(customer, artistId, 'accepted');
    await sql(`update public.bookings set payment_deadline = now() - interval '1 minute' where id = $1`, [unpaid]);
    const unanswered = await createBooking(customer, artistId, 'pending');
    await sql(`update public.bookings set response_deadline = now() - interval '1 minute' where id = $1`, [unanswered]);
    const past = await createBooking(customer, artistId, 'confirmed', { startsAt: new Date(Date.now() - 5 * 3_600_000), endsAt: new Date(Date.now() - 2 * 3_600_000) });
    expect((await customer.client.rpc('expire_overdue_bookings')).error?.code).toBe('42501');
    expect((await admin.client.rpc('complete_past_bookings')).error?.code).toBe('42501');
    const expired = await serviceClient().rpc('expire_overdue_bookings');
    const completed = await serviceClient().rpc('complete_past_bookings');
    expect(expired.error).toBeNull();
    expect(completed.error).toBeNull();
    expect(expired.data).toBeGreaterThanOrEqual(2);
    expect(completed.data).toBeGreaterThanOrEqual(1);
    const rows = await sql<{ id: string; status: string }>('select id, status from public.bookings where id = any($1)', [[unpaid, unanswered, past]]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [unpaid]: 'expired', [unanswered]: 'cancelled', [past]: 'completed' });
  });
});

describe('BANDS at checkout', () => {
  it('spends once on an accepted booking, lowers the total, and comes back on cancellation', async () => {
    const spender = await createUser('customer');
    await sql(`select private.post_bands($1, 3000, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [spender.id]);
    const bookingId = await createBooking(spender, artistId, 'accepted');
    const pendingId = await createBooking(spender, artistId, 'pending');
    expect((await spender.client.rpc('apply_bands_to_booking', { booking_id: pendingId, amount_cents: 1000 })).error?.code).toBe('P0001');
    expect((await spender.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 5000 })).error?.message).toBe('Onvoldoende BANDS-saldo.');
    expect((await customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 100 })).error?.message).toBe('Boeking niet gevonden.');
    const spent = await spender.client
      .rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 2000 })
      .single<{ total_cents: number; price_cents: number; platform_fee_cents: number; bands_applied_cents: number }>();
    expect(spent.error).toBeNull();
    expect(spent.data!.total_cents).toBe(spent.data!.price_cents + spent.data!.platform_fee_cents - 2000);
    expect((await spender.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 500 })).error?.message).toBe('Er zijn al BANDS gebruikt voor deze boeking.');
    const balance = async () => (await sql<{ b: number }>('select bands_balance_cents as b from public.profiles where id = $1', [spender.id]))[0]!.b;
    expect(await balance()).toBe(1000);
    expect((await spender.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled' })).error).toBeNull();
    expect(await balance()).toBe(3000);
  });
});

describe('referral bonus', () => {
  it("goes to the referrer when the referred customer's first gig is confirmed after it was played, not when it is paid or merely over, once", async () => {
    const referrer = await createUser('customer');
    const referred = await createUser('customer');
    const [code] = await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [referrer.id]);
    expect((await referred.client.rpc('apply_referral_code', { code: code!.referral_code.toLowerCase() })).data).toBe('applied');
    const bonusOf = async () =>
      (
        await sql<{ balance: number; uses: number; entries: number }>(
          `select bands_balance_cents as balance, referral_acquisition_bonus_uses as uses,
                (select count(*)::int from public.bands_transactions where user_id = p.id and type = 'referral_bonus') as entries
           from public.profiles p where id = $1`,
          [referrer.id],
        )
      )[0];
    const pay = async (window: ReturnType<typeof futureWindow>) => {
      const bookingId = await createBooking(referred, artistId, 'accepted', window);
      const [b] = await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId]);
      const { error } = await serviceClient().rpc('record_booking_payment', { booking_id: bookingId, provider_payment_id: `tr_${bookingId}`, payment_status: 'paid', amount_cents: b!.total_cents });
      expect(error).toBeNull();
      return bookingId;
    };
    const first = await pay(futureWindow(200));
    const second = await pay(futureWindow(201));
    expect(await bonusOf()).toEqual({ balance: 0, uses: 0, entries: 0 });
    const complete = (id: string) => sql(`select private.apply_booking_transition($1, 'completed', array['system'], null, 'Optreden heeft plaatsgevonden')`, [id]);
    await complete(first);
    await complete(second);
    // Over, but its check-in window is open: the gig may not have happened.
    expect(await bonusOf()).toEqual({ balance: 0, uses: 0, entries: 0 });
    for (const id of [first, second]) expect((await referred.client.rpc('answer_checkin', { booking_id: id, all_good: true })).error).toBeNull();
    const [bonus] = await sql<{ value_int: number }>(`select value_int from public.app_config where key = 'referral_bonus_cents'`);
    expect(await bonusOf()).toEqual({ balance: bonus!.value_int, uses: 1, entries: 1 });
  });
});
