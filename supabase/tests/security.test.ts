// The attacks the issue lists, one test each, through PostgREST as a real client would try them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createBooking, createUser, serviceClient, sql, type TestUser } from './support.ts';

let customer: TestUser, other: TestUser, artistUser: TestUser, admin: TestUser;
let artistId: string;

const profileRow = async (id: string) => (await sql('select * from public.profiles where id = $1', [id]))[0];

beforeAll(async () => {
  [customer, other, artistUser, admin] = await Promise.all([createUser('customer'), createUser('customer'), createUser('artist'), createUser('admin')]);
  artistId = await createArtist(artistUser);
});
afterAll(closePool);

describe('profiles', () => {
  it.each([
    ['role', { role: 'admin' }],
    ['balance', { bands_balance_cents: 1_000_000 }],
    ['referrer', { referrer_id: randomUUID() }],
    ['referral code', { referral_code: 'GRATIS' }],
    ['email', { email: 'ander@example.com' }],
    ['terms acceptance (only accept_terms)', { terms_accepted_at: '2020-01-01T00:00:00Z' }],
    ['deletion mark (only the delete-account function)', { deleted_at: new Date().toISOString() }],
  ])('a customer cannot change their own %s', async (_, patch) => {
    const before = await profileRow(customer.id);
    const { error } = await customer.client.from('profiles').update(patch).eq('id', customer.id);
    expect(error?.code).toBe('42501');
    expect(await profileRow(customer.id)).toEqual(before);
  });

  it('email_verified only ever says what auth.users says', async () => {
    await sql('update auth.users set email_confirmed_at = null where id = $1', [other.id]);
    expect((await profileRow(other.id))!.email_verified).toBe(false);
    const { error } = await other.client.from('profiles').update({ email_verified: true, updated_at: new Date().toISOString() }).eq('id', other.id);
    expect(error).toBeNull();
    expect((await profileRow(other.id))!.email_verified).toBe(false);
    await sql('update auth.users set email_confirmed_at = now() where id = $1', [other.id]);
    expect((await profileRow(other.id))!.email_verified).toBe(true);
  });

  it('signup metadata cannot make an admin; names and a referral code come from the trigger (real auth server)', async () => {
    const email = `signup-${randomUUID()}@example.com`;
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: 'geheim123',
      email_confirm: true,
      user_metadata: { first_name: ' Jan ', last_name: 'de Vries', role: 'admin', terms_accepted: true },
    });
    expect(error).toBeNull();
    const row = await profileRow(data.user!.id);
    expect(row).toMatchObject({ role: 'customer', first_name: 'Jan', last_name: 'de Vries', email, email_verified: true, bands_balance_cents: 0 });
    expect(row!.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const artist = await serviceClient().auth.admin.createUser({ email: `a-${email}`, password: 'geheim123', user_metadata: { role: 'artist' } });
    expect(await profileRow(artist.data.user!.id)).toMatchObject({ role: 'artist', email_verified: false });
  });

  it("nobody reads another user's e-mail, balance or referral code; display names come from public_profiles", async () => {
    const { data } = await customer.client.from('profiles').select('email, bands_balance_cents, referral_code').eq('id', other.id);
    expect(data).toEqual([]);
    const { data: card } = await anonClient().from('public_profiles').select('id, display_name, avatar_path').eq('id', other.id).single();
    expect(Object.keys(card!).sort()).toEqual(['avatar_path', 'display_name', 'id']);
    expect((await anonClient().from('public_profiles').select('first_name, last_name').eq('id', other.id)).error?.code).toBe('42501');
    expect((await anonClient().from('profiles').select('id').limit(1)).error?.code).toBe('42501');
  });
});

describe('artists', () => {
  it.each([
    ['approval', { approval_status: 'approved' }],
    ['priority', { priority: 1000 }],
    ['soft delete', { deleted_at: new Date().toISOString() }],
  ])('an artist cannot touch their own %s', async (_, patch) => {
    const own = await createArtist(await createUser('artist'), { approved: false });
    const [owner] = await sql<{ profile_id: string }>('select profile_id from public.artists where id = $1', [own]);
    const { accessToken } = await import('./support.ts');
    const { clientWithToken } = await import('../stack/testing.ts');
    const client = clientWithToken(accessToken(owner!.profile_id, 'x@example.com'));
    const before = (await sql('select * from public.artists where id = $1', [own]))[0];
    const { error } = await client.from('artists').update(patch).eq('id', own);
    expect(error?.code).toBe('42501');
    expect((await sql('select * from public.artists where id = $1', [own]))[0]).toEqual(before);
  });

  it('a customer cannot either, and an onboarding artist starts pending whatever they send', async () => {
    const { error } = await customer.client.from('artists').update({ priority: 5 }).eq('id', artistId).select();
    expect(error).toBeNull();
    expect((await sql<{ priority: number }>('select priority from public.artists where id = $1', [artistId]))[0]!.priority).toBe(0);
    const newcomer = await createUser('customer');
    const sneaky = await newcomer.client.from('artists').insert({ profile_id: newcomer.id, name: 'Sneaky', approval_status: 'approved' });
    expect(sneaky.error?.code).toBe('42501');
    // A name of its own per run: on a stack that has run this before, 'eerlijke-band' is taken.
    const tag = newcomer.id.slice(0, 6);
    const honest = await newcomer.client
      .from('artists')
      .insert({ profile_id: newcomer.id, name: `Eerlijke Band ${tag}` })
      .select('approval_status, slug')
      .single();
    expect(honest.data).toEqual({ approval_status: 'draft', slug: `eerlijke-band-${tag}` });
    expect((await profileRow(newcomer.id))!.role).toBe('artist');
  });

  it('an admin approves, prioritises and soft-deletes, and it is audited', async () => {
    const pending = await createArtist(await createUser('artist'), { approved: false });
    expect((await anonClient().from('artists').select('id').eq('id', pending)).data).toEqual([]);
    expect((await admin.client.from('artists').update({ approval_status: 'approved', priority: 7 }).eq('id', pending)).error).toBeNull();
    expect((await anonClient().from('artists').select('id').eq('id', pending)).data).toEqual([{ id: pending }]);
    expect((await admin.client.from('artists').update({ deleted_at: new Date().toISOString() }).eq('id', pending)).error).toBeNull();
    expect((await anonClient().from('artists').select('id').eq('id', pending)).data).toEqual([]);
    const audit = await sql<{ details: Record<string, unknown> }>(`select details from public.admin_audit_log where table_name = 'artists' and record_id = $1 order by id`, [pending]);
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({ approval_status: { from: 'pending', to: 'approved' }, priority: { from: 0, to: 7 } });
  });
});

describe('bookings and payments', () => {
  it('nobody but the service role marks a booking paid', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    for (const client of [customer.client, artistUser.client, admin.client]) {
      expect((await client.rpc('transition_booking', { booking_id: bookingId, new_status: 'confirmed' })).error?.code).toBe('42501');
      expect((await client.from('bookings').update({ status: 'confirmed' }).eq('id', bookingId)).error?.code).toBe('42501');
      expect((await client.from('payments').insert({ booking_id: bookingId, provider_payment_id: 'tr_x', amount_cents: 1, status: 'paid' })).error?.code).toBe('42501');
    }
    expect((await anonClient().rpc('transition_booking', { booking_id: bookingId, new_status: 'confirmed' })).error?.code).toBe('42501');
    expect((await sql<{ status: string }>('select status from public.bookings where id = $1', [bookingId]))[0]!.status).toBe('accepted');
    expect((await serviceClient().rpc('transition_booking', { booking_id: bookingId, new_status: 'confirmed' })).error).toBeNull();
  });
});

describe('chat', () => {
  let conversationId: string;
  beforeAll(async () => {
    const created = await customer.client.from('chat_conversations').insert({ customer_id: customer.id, artist_id: artistId }).select('id').single();
    conversationId = created.data!.id as string;
  });

  it('a sender must be a participant and cannot pose as someone else', async () => {
    expect((await other.client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: other.id, message_text: 'Hoi' })).error?.code).toBe('42501');
    expect((await other.client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: customer.id, message_text: 'Hoi' })).error?.code).toBe('42501');
    expect((await customer.client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: artistUser.id, message_text: 'Hoi' })).error?.code).toBe('42501');
    expect((await customer.client.from('chat_messages').insert({ conversation_id: conversationId, message_text: 'Hoi!' })).error).toBeNull();
  });

  it('non-participants see no chat rows; the recipient may change only is_read', async () => {
    expect((await other.client.from('chat_messages').select('id').eq('conversation_id', conversationId)).data).toEqual([]);
    expect((await other.client.from('chat_conversations').select('id').eq('id', conversationId)).data).toEqual([]);
    const { data: messages } = await artistUser.client.from('chat_messages').select('id, message_text').eq('conversation_id', conversationId);
    const messageId = messages![0]!.id as string;
    expect((await artistUser.client.from('chat_messages').update({ message_text: 'Vervalst' }).eq('id', messageId)).error?.code).toBe('42501');
    expect((await artistUser.client.from('chat_messages').update({ sender_id: artistUser.id }).eq('id', messageId)).error?.code).toBe('42501');
    expect((await artistUser.client.from('chat_messages').update({ is_read: true }).eq('id', messageId).select('is_read')).data).toEqual([{ is_read: true }]);
  });

  it("a customer cannot start a conversation in someone else's name", async () => {
    expect((await other.client.from('chat_conversations').insert({ customer_id: customer.id, artist_id: artistId })).error?.code).toBe('42501');
  });
});

describe('reviews', () => {
  const fullMarks = (stars: number) => ({ rating: stars, music_rating: stars, professionalism_rating: stars, communication_rating: stars });
  it("need the reviewer's own completed booking, one per booking", async () => {
    const pendingBooking = await createBooking(customer, artistId, 'confirmed');
    expect((await customer.client.from('reviews').insert({ booking_id: pendingBooking, rating: 5 })).error?.code).toBe('42501');
    const completed = await createBooking(customer, artistId, 'completed');
    expect((await other.client.from('reviews').insert({ booking_id: completed, rating: 1 })).error?.code).toBe('42501');
    expect((await other.client.from('reviews').insert({ booking_id: completed, customer_id: customer.id, rating: 1 })).error?.code).toBe('42501');
    expect((await customer.client.from('reviews').insert({ booking_id: completed, ...fullMarks(4), body: 'Geweldig feest' })).error).toBeNull();
    expect((await customer.client.from('reviews').insert({ booking_id: completed, ...fullMarks(5), body: 'Nog een keer top' })).error?.code).toBe('23505');
    const [artist] = await sql<{ rating_avg: string; review_count: number }>('select rating_avg, review_count from public.artists where id = $1', [artistId]);
    expect(artist).toEqual({ rating_avg: '4.00', review_count: 1 });
  });

  it('the artist replies, and only the artist', async () => {
    const completed = await createBooking(customer, artistId, 'completed');
    const { data } = await customer.client
      .from('reviews')
      .insert({ booking_id: completed, ...fullMarks(5), body: 'Wat een avond was het' })
      .select('id')
      .single();
    const reviewId = data!.id as string;
    expect((await customer.client.from('reviews').update({ artist_reply: 'Van mezelf' }).eq('id', reviewId)).error?.code).toBe('42501');
    expect((await artistUser.client.from('reviews').update({ artist_reply: 'Dank je!' }).eq('id', reviewId).select('artist_reply').single()).data).toEqual({ artist_reply: 'Dank je!' });
  });
});

describe('the BANDS ledger', () => {
  it('is append-only for every role, the database owner included', async () => {
    const [entry] = await sql<{ id: string }>(`select (private.post_bands($1, 700, 'admin_adjustment', gen_random_uuid()::text, 'test')).id`, [customer.id]);
    await expect(sql('update public.bands_transactions set amount_cents = 1 where id = $1', [entry!.id])).rejects.toThrow('append-only');
    await expect(sql('delete from public.bands_transactions where id = $1', [entry!.id])).rejects.toThrow('append-only');
    expect((await serviceClient().from('bands_transactions').insert({ user_id: customer.id, amount_cents: 1, type: 'refund', source: 'x' })).error?.code).toBe('42501');
    expect((await serviceClient().from('bands_transactions').delete().eq('id', entry!.id)).error?.code).toBe('42501');
  });

  it('cannot credit the same source twice, and the balance equals the ledger', async () => {
    const user = await createUser('customer');
    await sql(`select private.post_bands($1, 500, 'welcome_bonus', $2, 'welkom')`, [user.id, user.id]);
    await sql(`select private.post_bands($1, 500, 'welcome_bonus', $2, 'welkom')`, [user.id, user.id]);
    await expect(sql(`insert into public.bands_transactions (user_id, amount_cents, type, source) values ($1::uuid, 500, 'welcome_bonus', $1::text)`, [user.id])).rejects.toThrow(/unique/);
    await expect(sql(`update public.profiles set bands_balance_cents = -1 where id = $1`, [user.id])).rejects.toThrow(/profiles_bands_balance_not_negative/);
    const [row] = await sql<{ balance: number; ledger: number }>(
      'select bands_balance_cents as balance, (select sum(amount_cents)::int from public.bands_transactions where user_id = p.id) as ledger from public.profiles p where id = $1',
      [user.id],
    );
    expect(row).toEqual({ balance: 500, ledger: 500 });
  });

  it('admin adjustments need an admin', async () => {
    expect((await customer.client.rpc('admin_adjust_bands', { target_user: customer.id, amount: 100000, reason: 'gratis' })).error?.code).toBe('42501');
    const { error } = await admin.client.rpc('admin_adjust_bands', { target_user: other.id, amount: 250, reason: 'Compensatie' });
    expect(error).toBeNull();
    expect((await profileRow(other.id))!.bands_balance_cents).toBe(250);
  });
});

describe('functions', () => {
  it('internal helpers are not reachable through the API, and no definer function is executable by PUBLIC', async () => {
    expect((await customer.client.rpc('post_bands', {})).error?.code).toBe('PGRST202');
    const rows = await sql<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosecdef and has_function_privilege('public', p.oid, 'execute')`,
    );
    expect(rows).toEqual([]);
    const anonCallable = await sql<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    // artist_busy_dates: the public artist page's calendar, bare dates only (20261122004200_artist_page.sql);
    // booking_quote: the price breakdown of a public act's package (20261125001000_booking_request_form.sql);
    // session_is_live: PostgREST's pre-request hook asks it for every caller (20261128000310_live_sessions.sql).
    expect(anonCallable.map((row) => row.name)).toEqual(['artist_busy_dates', 'booking_quote', 'is_admin', 'is_public_artist', 'search_artists', 'session_is_live']);
    const unpinned = await sql(`select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and not exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%')`);
    expect(unpinned).toEqual([]);
  });
});
