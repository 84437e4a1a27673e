// The booking request form's server half: booking_quote gives the same breakdown
// request_booking writes, to guests too; request_booking refuses every kind of bad input with the
// Dutch message the form shows (shared/src/booking-request.ts holds the limits and the words)
// and writes nothing; a second open request of one customer for the same act and moment is
// refused, also when both are sent at once.
import { bookingRequestLimits, bookingRequestMessages } from '@podium/shared/booking-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, futureWindow, sql, type TestUser } from './support.ts';

let customer: TestUser;
let artistId: string;
let packageId: string;
let otherPackageId: string;

beforeAll(async () => {
  customer = await createUser('customer');
  artistId = await createArtist(await createUser('artist'), { basePriceCents: 80_000 });
  [{ id: packageId }] = (await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, price_cents, duration_minutes) values ($1, 'Feestavond', 12345, 240) returning id`, [
    artistId,
  ])) as [{ id: string }];
  const otherArtist = await createArtist(await createUser('artist'), { basePriceCents: 50_000 });
  [{ id: otherPackageId }] = (await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, price_cents) values ($1, 'Elders', 70_000) returning id`, [otherArtist])) as [
    { id: string },
  ];
});
afterAll(closePool);

const bookingsOf = async (userId: string) => Number((await sql<{ n: string }>('select count(*) n from public.bookings where customer_id = $1', [userId]))[0]!.n);

describe('booking_quote', () => {
  it('gives a guest the breakdown request_booking then charges', async () => {
    const [{ value_int: bps }] = (await sql<{ value_int: number }>(`select value_int from public.app_config where key = 'platform_fee_bps'`)) as [{ value_int: number }];
    const { data, error } = await anonClient().rpc('booking_quote', { artist_id: artistId, package_id: packageId }).single<Record<string, number>>();
    expect(error).toBeNull();
    const fee = Math.round((12_345 * bps) / 10_000);
    expect(data).toEqual({ price_cents: 12_345, platform_fee_cents: fee, total_cents: 12_345 + fee, platform_fee_bps: bps });

    const window = futureWindow(40);
    const booked = await customer.client
      .rpc('request_booking', { artist_id: artistId, package_id: packageId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString(), guest_count: 50 })
      .single<Record<string, number>>();
    expect(booked.error).toBeNull();
    expect(booked.data).toMatchObject({ price_cents: 12_345, platform_fee_cents: fee, total_cents: 12_345 + fee });
    const base = await anonClient().rpc('booking_quote', { artist_id: artistId }).single<Record<string, number>>();
    expect(base.data?.price_cents).toBe(80_000);
  });

  it("refuses another act's package and an unknown act, in Dutch", async () => {
    expect((await anonClient().rpc('booking_quote', { artist_id: artistId, package_id: otherPackageId })).error?.message).toBe('Dit pakket bestaat niet (meer).');
    expect((await anonClient().rpc('booking_quote', { artist_id: '00000000-0000-4000-8000-000000000000' })).error?.message).toBe('Artiest niet gevonden.');
  });
});

describe('request_booking refuses bad input in Dutch and writes nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no guests', { guest_count: 0 }, bookingRequestMessages.guests],
    ['negative guests', { guest_count: -20 }, bookingRequestMessages.guests],
    ['absurd guests', { guest_count: bookingRequestLimits.maxGuests + 1 }, bookingRequestMessages.guests],
    ['a message over the limit', { notes: 'x'.repeat(bookingRequestLimits.messageMaxChars + 1) }, bookingRequestMessages.messageTooLong],
    ['a kind of party over the limit', { event_type: 'x'.repeat(bookingRequestLimits.eventTypeMaxChars + 1) }, bookingRequestMessages.eventTypeTooLong],
    ['an address over the limit', { event_location: 'x'.repeat(bookingRequestLimits.addressMaxChars + 1) }, bookingRequestMessages.addressTooLong],
    ['a place that does not exist', { place_id: 99_999_999 }, bookingRequestMessages.place],
    ["another act's package", { package_id: 'elders' }, 'Dit pakket bestaat niet (meer).'],
    ['a gig of 25 hours', { hours: 25 }, 'Een optreden duurt maximaal 24 uur.'],
    ['a date in the past', { past: true }, 'De datum van het optreden moet in de toekomst liggen.'],
  ];
  it.each(cases)('%s', async (_, change, message) => {
    const before = await bookingsOf(customer.id);
    const window = futureWindow(50);
    const { hours, past, package_id, ...fields } = change as { hours?: number; past?: boolean; package_id?: string } & Record<string, unknown>;
    const startsAt = past ? new Date(Date.now() - 86_400_000) : window.startsAt;
    const endsAt = new Date(startsAt.getTime() + (hours ?? 3) * 3_600_000);
    const { error } = await customer.client.rpc('request_booking', {
      artist_id: artistId,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      ...(package_id ? { package_id: otherPackageId } : {}),
      ...fields,
    });
    expect(error?.message).toBe(message);
    expect(await bookingsOf(customer.id)).toBe(before);
  });

  it('accepts the limits themselves', async () => {
    const window = futureWindow(55);
    const { error } = await customer.client.rpc('request_booking', {
      artist_id: artistId,
      starts_at: window.startsAt.toISOString(),
      ends_at: new Date(window.startsAt.getTime() + 24 * 3_600_000).toISOString(),
      guest_count: bookingRequestLimits.maxGuests,
      notes: 'x'.repeat(bookingRequestLimits.messageMaxChars),
      event_type: 'x'.repeat(bookingRequestLimits.eventTypeMaxChars),
      event_location: 'x'.repeat(bookingRequestLimits.addressMaxChars),
    });
    expect(error).toBeNull();
  });
});

describe('one open request per customer, act and moment', () => {
  it('refuses a second request for the same slot, also an overlapping one, but not another evening', async () => {
    const window = futureWindow(60);
    const times = { artist_id: artistId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() };
    expect((await customer.client.rpc('request_booking', times)).error).toBeNull();
    expect((await customer.client.rpc('request_booking', times)).error?.message).toBe('Je hebt al een aanvraag bij deze artiest voor dit moment. Je vindt hem bij Mijn boekingen.');
    const overlapping = { ...times, starts_at: new Date(window.startsAt.getTime() + 3_600_000).toISOString(), ends_at: new Date(window.endsAt.getTime() + 3_600_000).toISOString() };
    expect((await customer.client.rpc('request_booking', overlapping)).error?.message).toMatch(/^Je hebt al een aanvraag/);
    const later = futureWindow(61);
    expect((await customer.client.rpc('request_booking', { artist_id: artistId, starts_at: later.startsAt.toISOString(), ends_at: later.endsAt.toISOString() })).error).toBeNull();
    // Another customer may ask for the same evening: the artist chooses.
    const other = await createUser('customer');
    expect((await other.client.rpc('request_booking', times)).error).toBeNull();
  });

  it('lets exactly one of ten simultaneous identical requests through', async () => {
    const someone = await createUser('customer');
    const window = futureWindow(62);
    const times = { artist_id: artistId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() };
    const results = await Promise.all(Array.from({ length: 10 }, () => someone.client.rpc('request_booking', times)));
    expect(results.filter((result) => !result.error)).toHaveLength(1);
    expect(new Set(results.filter((result) => result.error).map((result) => result.error!.message))).toEqual(
      new Set(['Je hebt al een aanvraag bij deze artiest voor dit moment. Je vindt hem bij Mijn boekingen.']),
    );
    expect(await bookingsOf(someone.id)).toBe(1);
  });

  it('allows asking again once the earlier request was declined or cancelled', async () => {
    const someone = await createUser('customer');
    const window = futureWindow(63);
    const times = { artist_id: artistId, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() };
    const first = await someone.client.rpc('request_booking', times).single<{ id: string }>();
    expect((await someone.client.rpc('transition_booking', { booking_id: first.data!.id, new_status: 'cancelled' })).error).toBeNull();
    expect((await someone.client.rpc('request_booking', times)).error).toBeNull();
  });
});
