// The back office's server side, as each role: the admin list views and the support lookup,
// reviewing artists (and the review-artists edge function's e-mail), reordering the ranking and
// the dashboard figures. Admins get everything; customers and artists get nothing or a 42501.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

let admin: TestUser, customer: TestUser, artistUser: TestUser;
let artistId: string, bookingId: string;

beforeAll(async () => {
  [admin, customer, artistUser] = await Promise.all([createUser('admin'), createUser('customer', { first: 'Renée', last: 'Bakkér' }), createUser('artist')]);
  artistId = await createArtist(artistUser, { name: `Zoekband ${artistUser.id.slice(0, 6)}` });
  bookingId = await createBooking(customer, artistId, 'pending');
});
afterAll(closePool);

describe('admin_bookings and admin_search_bookings', () => {
  it('give admins bookings with the customer name and e-mail and the artist', async () => {
    const { data, error } = await admin.client.from('admin_bookings').select('id, reference, customer_name, customer_email, artist_name').eq('id', bookingId);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: bookingId, reference: bookingId.slice(0, 8).toUpperCase(), customer_name: 'Renée Bakkér', customer_email: customer.email, artist_name: `Zoekband ${artistUser.id.slice(0, 6)}` },
    ]);
  });

  it('show a customer or an artist nothing, not even their own booking, and refuse guests', async () => {
    for (const user of [customer, artistUser]) {
      const { data, error } = await user.client.from('admin_bookings').select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const search = await user.client.rpc('admin_search_bookings', { q: customer.email });
      expect(search.data).toEqual([]);
    }
    const guest = await anonClient().from('admin_bookings').select('id');
    expect(guest.error?.code).toBe('42501');
    const guestSearch = await anonClient().rpc('admin_search_bookings', { q: 'x' });
    expect(guestSearch.error?.code).toBe('42501');
  });

  it('find a booking by e-mail, by name without accents, and by artist', async () => {
    for (const q of [customer.email, customer.email.toUpperCase(), 'renee bakker', `zoekband ${artistUser.id.slice(0, 6)}`]) {
      const { data, error } = await admin.client.rpc('admin_search_bookings', { q }).select('id');
      expect(error, q).toBeNull();
      expect(
        (data as { id: string }[]).map((row) => row.id),
        q,
      ).toContain(bookingId);
    }
    const none = await admin.client.rpc('admin_search_bookings', { q: 'niemand-heet-zo-xyz' }).select('id');
    expect(none.data).toEqual([]);
  });

  it('find a booking by the first characters of its number', async () => {
    const { data } = await admin.client
      .from('admin_bookings')
      .select('id')
      .like('id_text', `${bookingId.slice(0, 8)}%`);
    expect(data?.map((row) => row.id)).toContain(bookingId);
  });
});

describe('admin_artists and admin_audit_entries', () => {
  it('are for admins only', async () => {
    const adminRead = await admin.client.from('admin_artists').select('id, owner_email').eq('id', artistId).single();
    expect(adminRead.data?.owner_email).toBe(artistUser.email);
    const ownRead = await artistUser.client.from('admin_artists').select('id');
    expect(ownRead.data).toEqual([]);
    const audit = await customer.client.from('admin_audit_entries').select('id');
    expect(audit.data).toEqual([]);
  });
});

describe('admin_review_artists', () => {
  it('refuses everyone but admins', async () => {
    const pending = await createArtist(await createUser('artist'), { approved: false });
    for (const user of [customer, artistUser]) {
      const { error } = await user.client.rpc('admin_review_artists', { artist_ids: [pending], decision: 'approved' });
      expect(error?.code).toBe('42501');
    }
    const [row] = await sql<{ approval_status: string }>('select approval_status from public.artists where id = $1', [pending]);
    expect(row!.approval_status).toBe('pending');
  });

  it('needs a reason to reject, and records it with the admin in the audit log', async () => {
    const pending = await createArtist(await createUser('artist'), { approved: false });
    const noReason = await admin.client.rpc('admin_review_artists', { artist_ids: [pending], decision: 'rejected', reason: '  ' });
    expect(noReason.error?.code).toBe('22023');
    const { data, error } = await admin.client.rpc('admin_review_artists', { artist_ids: [pending], decision: 'rejected', reason: 'Geen foto’s' });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ artist_id: pending, approval_status: 'rejected', rejection_reason: 'Geen foto’s' })]);
    const audit = await admin.client.from('admin_audit_entries').select('actor_id, action, details').eq('table_name', 'artists').eq('record_id', pending).eq('action', 'update');
    expect(audit.data).toEqual([
      expect.objectContaining({ actor_id: admin.id, details: expect.objectContaining({ approval_status: { from: 'pending', to: 'rejected' }, rejection_reason: { from: null, to: 'Geen foto’s' } }) }),
    ]);
  });

  it('approves in bulk, and the artists become public', async () => {
    const ids = [await createArtist(await createUser('artist'), { approved: false }), await createArtist(await createUser('artist'), { approved: false })];
    const { data, error } = await admin.client.rpc('admin_review_artists', { artist_ids: ids, decision: 'approved' });
    expect(error).toBeNull();
    expect((data as { artist_id: string }[]).map((row) => row.artist_id).sort()).toEqual([...ids].sort());
    const rows = await sql<{ approved_at: Date | null; rejection_reason: string | null }>('select approved_at, rejection_reason from public.artists where id = any($1)', [ids]);
    expect(rows.every((row) => row.approved_at !== null && row.rejection_reason === null)).toBe(true);
    const publicRead = await anonClient().from('artists').select('id').in('id', ids);
    expect(publicRead.data).toHaveLength(2);
  });
});

describe('the review-artists edge function', () => {
  const invoke = (user: TestUser, body: unknown) =>
    fetch(`${urls.api}/functions/v1/review-artists`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('approves as the admin and e-mails the artist', async () => {
    const owner = await createUser('artist');
    const id = await createArtist(owner, { approved: false, name: 'Mailband' });
    const response = await invoke(admin, { artistIds: [id], decision: 'approved' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reviewed: [id], mailed: 1, failed: [] });
    const mail = await waitFor(async () => {
      const found = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${owner.email}`)}`)).json()) as { messages: { Subject: string; ID: string }[] };
      return found.messages[0];
    });
    expect(mail.Subject).toBe('Je artiestenprofiel "Mailband" is goedgekeurd');
    const detail = (await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
    expect(detail.Text).toContain('/artists/mailband');
  });

  it('refuses a customer with 403 and changes nothing', async () => {
    const id = await createArtist(await createUser('artist'), { approved: false });
    const response = await invoke(customer, { artistIds: [id], decision: 'approved' });
    expect(response.status).toBe(403);
    const [row] = await sql<{ approval_status: string }>('select approval_status from public.artists where id = $1', [id]);
    expect(row!.approval_status).toBe('pending');
  });
});

describe('admin_reorder_artists', () => {
  it('sets the recommended order of a category for admins only, above the artists not listed', async () => {
    const category = `cat${admin.id.slice(0, 6)}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createArtist(await createUser('artist'), { categories: [category], priority: 50 - i }));
    // An artist the page did not show (below the listed ones) and one in another category.
    const unlisted = await createArtist(await createUser('artist'), { categories: [category], priority: 70 });
    const elsewhere = await createArtist(await createUser('artist'), { categories: ['elders'], priority: 5 });
    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    const refused = await customer.client.rpc('admin_reorder_artists', { artist_ids: wanted, category });
    expect(refused.error?.code).toBe('42501');
    const { data, error } = await admin.client.rpc('admin_reorder_artists', { artist_ids: wanted, category });
    expect(error).toBeNull();
    expect(data).toBe(3);
    const listed = await anonClient().rpc('search_artists', { category });
    expect((listed.data as { id: string }[]).map((row) => row.id)).toEqual([...wanted, unlisted]);
    const [other] = await sql<{ priority: number }>('select priority from public.artists where id = $1', [elsewhere]);
    expect(other!.priority).toBe(5);
    const duplicate = await admin.client.rpc('admin_reorder_artists', { artist_ids: [ids[0]!, ids[0]!] });
    expect(duplicate.error?.code).toBe('22023');
  });
});

describe('admin_dashboard_stats', () => {
  it('counts what the dashboard shows, for admins only', async () => {
    const refused = await customer.client.rpc('admin_dashboard_stats', { weeks: 4 });
    expect(refused.error?.code).toBe('42501');
    const { data, error } = await admin.client.rpc('admin_dashboard_stats', { weeks: 4 });
    expect(error).toBeNull();
    const stats = data as { weeks: { bookings: Record<string, number>; signups: number }[]; pending_artists: number };
    const [pending] = await sql<{ n: number }>(`select count(*)::int as n from public.artists where approval_status = 'pending' and deleted_at is null`);
    expect(stats.pending_artists).toBe(pending!.n);
    expect(stats.weeks).toHaveLength(4);
    const thisWeek = stats.weeks.at(-1)!;
    const [created] = await sql<{ n: number }>(
      `select count(*)::int as n from public.bookings where status = 'pending' and created_at >= date_trunc('week', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam'`,
    );
    expect(thisWeek.bookings.pending).toBe(created!.n);
    expect(thisWeek.signups).toBeGreaterThanOrEqual(3);
  });
});
