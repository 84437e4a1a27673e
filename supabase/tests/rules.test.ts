// SPEC rule tables as SQL behaviour: referral codes (4.5, 5.2), unread counting (6),
// leaderboards (7.2), search and places, and the realtime publication (4.6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

afterAll(closePool);

const codeOf = async (user: TestUser) => (await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id]))[0]!.referral_code;
const referrerOf = async (user: TestUser) => (await sql<{ referrer_id: string | null }>('select referrer_id from public.profiles where id = $1', [user.id]))[0]!.referrer_id;

describe('apply_referral_code (SPEC 4.5)', () => {
  let referrer: TestUser, second: TestUser;
  beforeAll(async () => {
    [referrer, second] = await Promise.all([createUser('customer'), createUser('customer')]);
  });

  it.each([
    ['the placeholder', (): string => 'code-x-1234', 'ignored'],
    ['the placeholder in capitals', (): string => ' CODE-X-1234 ', 'ignored'],
    ['an empty code', (): string => '', 'ignored'],
    ['an unknown code', (): string => 'ONBEKEND1', 'unknown_code'],
  ] as const)('drops %s', async (_, code, outcome) => {
    const user = await createUser('customer');
    expect((await user.client.rpc('apply_referral_code', { code: code() })).data).toBe(outcome);
    expect(await referrerOf(user)).toBeNull();
  });

  it("drops the user's own code", async () => {
    const user = await createUser('customer');
    expect((await user.client.rpc('apply_referral_code', { code: (await codeOf(user)).toLowerCase() })).data).toBe('own_code');
    expect(await referrerOf(user)).toBeNull();
  });

  it('applies a code case-insensitively, credits nothing yet (the welcome credit is a discount at checkout), and never replaces a referrer', async () => {
    const user = await createUser('customer');
    expect((await user.client.rpc('apply_referral_code', { code: (await codeOf(referrer)).toLowerCase() })).data).toBe('applied');
    expect(await referrerOf(user)).toBe(referrer.id);
    expect((await user.client.rpc('apply_referral_code', { code: await codeOf(second) })).data).toBe('already_referred');
    expect(await referrerOf(user)).toBe(referrer.id);
    const { data: ledger } = await user.client.from('bands_transactions').select('amount_cents, type');
    expect(ledger).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await anonClient().rpc('apply_referral_code', { code: 'ABC' })).error?.code).toBe('42501');
  });

  it('ensure_referral_code returns the own code, creating one when missing', async () => {
    const user = await createUser('customer');
    await sql('update public.profiles set referral_code = null where id = $1', [user.id]);
    const { data } = await user.client.rpc('ensure_referral_code');
    expect(data).toMatch(/^[A-Z2-9]{8}$/);
    expect(await codeOf(user)).toBe(data);
    expect((await user.client.rpc('ensure_referral_code')).data).toBe(data);
  });
});

describe('leaderboards (SPEC 7.2)', () => {
  it('show a display name and the score, nothing else, to signed-in users only', async () => {
    // Above every balance already in the database, so these two lead whatever ran before.
    const [{ top }] = (await sql<{ top: number }>('select coalesce(max(bands_balance_cents), 0)::int as top from public.profiles')) as [{ top: number }];
    const rich = await createUser('customer', { first: 'Rijke', last: 'Rianne' });
    await sql(`select private.post_bands($1, $2, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [rich.id, top + 2]);
    const runnerUp = await createUser('customer', { first: 'Tweede', last: '' });
    await sql(`select private.post_bands($1, $2, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [runnerUp.id, top + 1]);
    const { data, error } = await rich.client.rpc('leaderboard_top_balance', { max_results: 2 });
    expect(error).toBeNull();
    expect(data).toEqual([
      { rank: 1, display_name: 'Rijke R.', avatar_path: null, bands_balance_cents: top + 2, is_current_user: true },
      { rank: 2, display_name: 'Tweede', avatar_path: null, bands_balance_cents: top + 1, is_current_user: false },
    ]);
    expect((await anonClient().rpc('leaderboard_top_balance')).error?.code).toBe('42501');

    const star = await createUser('customer', { first: 'Sterre', last: 'Ster' });
    const code = await codeOf(star);
    for (let i = 0; i < 50; i += 1) await sql('update public.profiles set referrer_id = $1 where id = $2', [star.id, (await createUser('customer')).id]);
    const referrers = await rich.client.rpc('leaderboard_top_referrers');
    // The top 10, then the caller's own position: Rianne referred nobody, so she is outside it.
    expect(referrers.data).toHaveLength(11);
    expect(referrers.data![0]).toEqual({ rank: 1, display_name: 'Sterre S.', avatar_path: null, referral_count: 50, is_current_user: false });
    expect(referrers.data![10]).toMatchObject({ display_name: 'Rijke R.', referral_count: 0, is_current_user: true });
    expect(referrers.data![10]!.rank).toBeGreaterThan(10);
    expect(JSON.stringify(referrers.data)).not.toContain(code);
    expect(JSON.stringify(referrers.data)).not.toContain('@');
  }, 60_000);
});

describe('unread_count (SPEC 6)', () => {
  it('an artist counts conversations as customer and as artist; others only as customer; own messages never', async () => {
    const [customer, artistUser, otherArtistUser] = await Promise.all([createUser('customer'), createUser('artist'), createUser('artist')]);
    const artistId = await createArtist(artistUser);
    const otherArtistId = await createArtist(otherArtistUser);
    const conversation = async (customerId: string, artist: string) =>
      (await sql<{ id: string }>('insert into public.chat_conversations (customer_id, artist_id) values ($1, $2) returning id', [customerId, artist]))[0]!.id;
    const send = (conversationId: string, sender: string, read = false) =>
      sql('insert into public.chat_messages (conversation_id, sender_id, message_text, is_read) values ($1, $2, $3, $4)', [conversationId, sender, 'Hoi', read]);

    const asArtist = await conversation(customer.id, artistId); // artistUser is the artist here
    const asCustomer = await conversation(artistUser.id, otherArtistId); // artistUser books another act
    await send(asArtist, customer.id);
    await send(asArtist, customer.id);
    await send(asArtist, artistUser.id); // own message
    await send(asCustomer, otherArtistUser.id);
    await sql(
      `update public.chat_messages set is_read = true where conversation_id = $1 and sender_id = $2 and ctid in (
      select ctid from public.chat_messages where conversation_id = $1 and sender_id = $2 limit 1)`,
      [asArtist, customer.id],
    );

    expect((await artistUser.client.rpc('unread_count')).data).toBe(2);
    expect((await customer.client.rpc('unread_count')).data).toBe(1);
    // A customer-role user who owns an act (not yet an artist role) counts only as customer.
    await sql(`update public.profiles set role = 'customer' where id = $1`, [artistUser.id]);
    expect((await artistUser.client.rpc('unread_count')).data).toBe(1);
    await sql(`update public.profiles set role = 'artist' where id = $1`, [artistUser.id]);

    expect((await customer.client.rpc('mark_conversation_read', { conversation_id: asArtist })).data).toBe(1);
    expect((await customer.client.rpc('unread_count')).data).toBe(0);
    expect((await otherArtistUser.client.rpc('mark_conversation_read', { conversation_id: asArtist })).error?.message).toBe('Gesprek niet gevonden.');
    expect((await artistUser.client.rpc('mark_conversation_read', { conversation_id: asArtist })).data).toBe(1);
    expect((await artistUser.client.rpc('unread_count')).data).toBe(1);
  });
});

describe('search_artists', () => {
  let cafe: string, dj: string, far: string, hidden: string;
  // Random letters: trigram matching is fuzzy, so tags of earlier runs must not look alike.
  const tag = Array.from({ length: 12 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
  beforeAll(async () => {
    cafe = await createArtist(await createUser('artist'), { name: `Café Crème ${tag}`, genre: 'Jazz', categories: ['huwelijk', 'bands'], basePriceCents: 150_000, placeName: 'Utrecht', priority: 5 });
    dj = await createArtist(await createUser('artist'), { name: `DJ Déjà ${tag}`, genre: 'House', categories: ['bedrijfsfeest'], basePriceCents: 60_000, placeName: 'Amsterdam' });
    far = await createArtist(await createUser('artist'), { name: `Groningse Gasten ${tag}`, genre: 'Rock', categories: ['bands'], basePriceCents: 90_000, placeName: 'Groningen' });
    hidden = await createArtist(await createUser('artist'), { name: `Verborgen ${tag}`, approved: false });
    await sql('update public.artists set rating_avg = 4.8 where id = $1', [dj]);
    // The price filter and sorts read the one 'from' price: the cheapest active package.
    for (const [id, cents] of [
      [cafe, 150_000],
      [dj, 60_000],
      [far, 90_000],
    ] as const) {
      await sql(`insert into public.artist_packages (artist_id, name, price_cents, is_active) values ($1, 'Avond', $2, true), ($1, 'Oud', 1000, false)`, [id, cents]);
      await sql(`update public.artist_packages set is_active = false where artist_id = $1 and name = 'Oud'`, [id]);
    }
  });
  const search = async (args: Record<string, unknown>) => {
    const { data, error } = await anonClient().rpc('search_artists', { query: tag, ...args });
    expect(error).toBeNull();
    return data as { id: string; distance_km: number | null; total_count: number }[];
  };

  it('folds accents, hides unapproved artists and sorts by admin priority by default', async () => {
    expect((await search({})).map((row) => row.id)).toEqual([cafe, dj, far]);
    expect((await search({ query: `cafe creme ${tag}` })).map((row) => row.id)).toEqual([cafe]);
    expect((await search({ query: `deja` })).map((row) => row.id)).toContain(dj);
    expect((await search({})).map((row) => row.id)).not.toContain(hidden);
  });

  it('filters by category, genre, price, rating, distance and date, and pages', async () => {
    expect((await search({ category: 'bands' })).map((row) => row.id)).toEqual([cafe, far]);
    expect((await search({ genre: 'jazz' })).map((row) => row.id)).toEqual([cafe]);
    expect((await search({ min_price_cents: 70_000, max_price_cents: 100_000 })).map((row) => row.id)).toEqual([far]);
    expect((await search({ min_rating: 4.5 })).map((row) => row.id)).toEqual([dj]);
    const [amsterdam] = await sql<{ id: number }>(`select id from public.places where name = 'Amsterdam' and country = 'NL'`);
    const near = await search({ place_id: amsterdam!.id, radius_km: 60, sort: 'distance' });
    expect(near.map((row) => row.id)).toEqual([dj, cafe]);
    expect(near[1]!.distance_km).toBeGreaterThan(30);
    expect(near[1]!.distance_km).toBeLessThan(45);
    await createBooking(await createUser('customer'), cafe, 'confirmed', { startsAt: new Date('2034-06-14T18:00:00Z'), endsAt: new Date('2034-06-14T21:00:00Z') });
    expect((await search({ available_on: '2034-06-14' })).map((row) => row.id)).toEqual([dj, far]);
    expect((await search({ sort: 'price_asc' })).map((row) => row.id)).toEqual([dj, far, cafe]);
    const page2 = await search({ sort: 'price_asc', page: 2, page_size: 2 });
    expect(page2.map((row) => row.id)).toEqual([cafe]);
    expect(page2[0]!.total_count).toBe(3);
  });

  it('matches every word of a text exactly or as a close match, in any order', async () => {
    const ids = async (query: string) => (await search({ query })).map((row) => row.id);
    expect(await ids(`${tag} crème café`)).toEqual([cafe]);
    expect(await ids(`cafe cafe  ${tag}`)).toEqual([cafe]);
    expect(await ids(`cafee creme ${tag}`)).toEqual([cafe]); // a typo in one word
    expect(await ids(`groninse gastn ${tag}`)).toEqual([far]); // typos in two
    expect(await ids(`groningse gasten ${tag} rock`)).toEqual([far]);
    expect(await ids(`cafe ${tag} qxzwvkj`)).toEqual([]); // one word matching nothing rules the row out
    expect(await ids(`house ${tag}`)).toEqual([dj]);
    expect((await search({ genre: 'HÓUSE' })).map((row) => row.id)).toEqual([dj]);
  });

  it('finds two neighbouring words written as one, and a word an act was renamed to', async () => {
    const ids = async (query: string) => (await search({ query })).map((row) => row.id);
    // Found through the dictionary of the acts' words, which the artists' triggers keep (without
    // it the slower trigram scan over every text would find these too).
    const matches = async (word: string) => (await sql<{ m: string[] | null }>('select private.search_word_matches($1) as m', [word]))[0]!.m ?? [];
    expect(await matches('cafecreme')).toContain('cafecreme');
    expect(await ids(`cafecreme ${tag}`)).toEqual([cafe]);
    expect(await ids(`groningsegasten`)).toContain(far);
    const renamed = `Zwierbrekers ${tag}`;
    await sql('update public.artists set name = $2 where id = $1', [far, renamed]);
    try {
      expect(await matches('zwierbrekrs')).toContain('zwierbrekers');
      expect(await ids(`zwierbrekrs ${tag}`)).toEqual([far]); // a typo in the new word
      expect(await ids(`zwierbrekers${tag}`)).toEqual([far]);
    } finally {
      await sql('update public.artists set name = $2 where id = $1', [far, `Groningse Gasten ${tag}`]);
    }
  });

  it('reports the same kilometres as distance_km', async () => {
    const [amsterdam] = await sql<{ id: number; latitude: number; longitude: number }>(
      `select id, latitude, longitude from public.places where name = 'Amsterdam' and country = 'NL' order by population desc limit 1`,
    );
    const near = await search({ place_id: amsterdam!.id, radius_km: 60, sort: 'distance' });
    const expected = await sql<{ id: string; km: number }>('select id, public.distance_km($1, $2, latitude, longitude) as km from public.artists where id = any ($3)', [
      amsterdam!.latitude,
      amsterdam!.longitude,
      near.map((row) => row.id),
    ]);
    for (const row of near) expect(row.distance_km).toBe(expected.find((e) => e.id === row.id)!.km);
  });

  it('availability: blocked periods, bookings across midnight (Amsterdam time) and only accepted or confirmed ones', async () => {
    const customer = await createUser('customer');
    const ids = async (day: string) => (await search({ available_on: day })).map((row) => row.id);
    // 21:00–01:00 Amsterdam time (CEST, UTC+2): busy on 2034-06-20 and on 2034-06-21.
    await createBooking(customer, dj, 'accepted', { startsAt: new Date('2034-06-20T19:00:00Z'), endsAt: new Date('2034-06-20T23:00:00Z') });
    // Ends at 00:00 Amsterdam time on 2034-06-23: busy on the 22nd only.
    await createBooking(customer, far, 'confirmed', { startsAt: new Date('2034-06-22T18:00:00Z'), endsAt: new Date('2034-06-22T22:00:00Z') });
    // A request (pending) does not block the day.
    await createBooking(customer, cafe, 'pending', { startsAt: new Date('2034-06-22T18:00:00Z'), endsAt: new Date('2034-06-22T21:00:00Z') });
    expect(await ids('2034-06-20')).toEqual([cafe, far]);
    expect(await ids('2034-06-21')).toEqual([cafe, far]);
    expect(await ids('2034-06-22')).toEqual([cafe, dj]);
    expect(await ids('2034-06-23')).toEqual([cafe, dj, far]);
    await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2034-07-01', '2034-07-03'), ($2, '2034-07-03', '2034-07-03')`, [cafe, dj]);
    expect(await ids('2034-06-30')).toEqual([cafe, dj, far]);
    expect(await ids('2034-07-01')).toEqual([dj, far]);
    expect(await ids('2034-07-03')).toEqual([far]);
    expect(await ids('2034-07-04')).toEqual([cafe, dj, far]);
    const narrow = await search({ available_on: '2034-07-03', category: 'bands' });
    expect(narrow.map((row) => row.id)).toEqual([far]);
    expect(narrow[0]!.total_count).toBe(1);
  });

  it('a broad search (no text, no radius) pages in one order with the same total on every page, busy acts left out', async () => {
    // A category of their own: a broad search that finds these acts only.
    const category = `cat${tag}`;
    const acts: string[] = [];
    for (const [name, priority, placeName] of [
      ['Een', 3, 'Utrecht'],
      ['Twee', 9, 'Groningen'],
      ['Drie', 3, 'Amsterdam'],
      ['Vier', 0, 'Maastricht'],
      ['Vijf', 7, 'Utrecht'],
    ] as const) {
      acts.push(await createArtist(await createUser('artist'), { name: `${name} ${tag}`, categories: [category], priority, placeName }));
    }
    for (const [i, id] of acts.entries()) {
      await sql(`insert into public.artist_packages (artist_id, name, price_cents) values ($1, 'Avond', $2)`, [id, [80_000, 50_000, 50_000, 120_000, 30_000][i]]);
      await sql(`update public.artists set created_at = now() - $2 * interval '1 day', rating_avg = $3 where id = $1`, [id, i, [4.1, 3.9, 4.0, 5, 2][i]]);
    }
    const [utrecht] = await sql<{ id: number }>(`select id from public.places where name = 'Utrecht' and country = 'NL' order by population desc limit 1`);
    const broad = async (args: Record<string, unknown>) => {
      const { data, error } = await anonClient().rpc('search_artists', { category, ...args });
      expect(error).toBeNull();
      return data as { id: string; distance_km: number | null; total_count: number }[];
    };
    for (const order of [{ sort: 'priority' }, { sort: 'price_asc' }, { sort: 'price_desc' }, { sort: 'rating' }, { sort: 'newest' }, { sort: 'distance', place_id: utrecht!.id }]) {
      const whole = await broad({ ...order, page_size: 5 });
      expect(whole).toHaveLength(5);
      const pages = [await broad({ ...order, page_size: 2 }), await broad({ ...order, page_size: 2, page: 2 }), await broad({ ...order, page_size: 2, page: 3 })];
      expect(pages.flat().map((row) => row.id)).toEqual(whole.map((row) => row.id));
      expect(pages.flat().every((row) => row.total_count === 5)).toBe(true);
      expect(await broad({ ...order, page_size: 2, page: 4 })).toEqual([]);
    }
    expect((await broad({})).map((row) => row.id)).toEqual([acts[1], acts[4], acts[0], acts[2], acts[3]]); // priority, then rating
    expect((await broad({ sort: 'price_asc' })).map((row) => row.id)).toEqual([acts[4], acts[1], acts[2], acts[0], acts[3]]);
    const near = await broad({ sort: 'distance', place_id: utrecht!.id });
    expect(
      near
        .slice(0, 2)
        .map((row) => row.id)
        .sort(),
    ).toEqual([acts[0], acts[4]].sort());
    const kilometres = near.map((row) => row.distance_km!);
    expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
    await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2034-08-01', '2034-08-05')`, [acts[1]]);
    await createBooking(await createUser('customer'), acts[4]!, 'confirmed', { startsAt: new Date('2034-08-03T18:00:00Z'), endsAt: new Date('2034-08-03T21:00:00Z') });
    const free = await broad({ available_on: '2034-08-03' });
    expect(free.map((row) => row.id)).toEqual([acts[0], acts[2], acts[3]]);
    expect(free.every((row) => row.total_count === 3)).toBe(true);
    expect((await broad({ available_on: '2034-08-06' })).map((row) => row.id)).toEqual([acts[1], acts[4], acts[0], acts[2], acts[3]]);
  });

  it('search_places finds Dutch names, accents and case ignored', async () => {
    const { data } = await anonClient().rpc('search_places', { query: 'den h', max_results: 3 });
    expect((data as { name: string }[])[0]!.name).toBe('Den Haag');
    const { data: liege } = await anonClient().rpc('search_places', { query: 'liege' });
    expect((liege as { name: string; country: string }[]).map((row) => row.name)).toContain('Liège');
  });
});

describe('realtime publication', () => {
  it('carries chat, bookings and artists', async () => {
    const rows = await sql<{ tablename: string }>(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by 1`);
    expect(rows.map((row) => row.tablename)).toEqual(['artists', 'bookings', 'chat_conversations', 'chat_messages']);
  });
});
