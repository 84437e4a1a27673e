// seed.sql: up to date with the generator, and applied to a new database (migrations first, as
// `supabase db reset` does) it gives a demo the data model's own rules agree with. The second
// part needs the local stack's PostgreSQL.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../stack/config.ts';
import { projectSql, setupDatabase } from '../stack/migrate.ts';
import { withDatabase } from '../stack/testing.ts';
import { allCategories } from './catalog.ts';
import { demoAccounts, demoPassword, generateSeed } from './content.ts';
import { generateSeedSql, literal, seedFile, seedReference } from './sql.ts';

describe('seed.sql', () => {
  it('is what `pnpm seed:generate` writes (run it after changing supabase/seed/)', () => {
    expect(readFileSync(seedFile, 'utf8') === generateSeedSql()).toBe(true);
  });

  it('quotes text safely', () => {
    expect(literal("Rock 'n Roll")).toBe("'Rock ''n Roll'");
    expect(literal(null)).toBe('null');
    expect(() => literal(Number.NaN)).toThrow();
  });
});

describe('seed.sql on a new database', () => {
  const name = `podium_seed_${randomUUID().slice(0, 8)}`;
  const data = generateSeed({ now: seedReference });
  let client: pg.Client;
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows[0]!;

  beforeAll(async () => {
    await withDatabase((admin) => admin.query(`create database ${name}`));
    const url = new URL(db.url);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    expect(await setupDatabase(client, projectSql)).toMatchObject({ seeded: true });
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await withDatabase((admin) => admin.query(`drop database if exists ${name} with (force)`));
  });

  it('creates every account, confirmed, with a profile and the demo password', async () => {
    const counts = await one<{ users: number; profiles: number; identities: number; unconfirmed: number }>(
      `select (select count(*)::int from auth.users) users, (select count(*)::int from public.profiles) profiles,
              (select count(*)::int from auth.identities) identities,
              (select count(*)::int from auth.users where email_confirmed_at is null) unconfirmed`,
    );
    expect(counts).toEqual({ users: data.profiles.length, profiles: data.profiles.length, identities: data.profiles.length, unconfirmed: 0 });
    for (const account of Object.values(demoAccounts)) {
      const row = await one<{ hash: string; role: string; email_verified: boolean }>(
        'select u.encrypted_password as hash, p.role, p.email_verified from auth.users u join public.profiles p on p.id = u.id where u.email = $1',
        [account.email],
      );
      expect(row.role).toBe(account.role);
      expect(row.email_verified).toBe(true);
      expect(await bcrypt.compare(demoPassword, row.hash)).toBe(true);
    }
  });

  it('lists at least 60 public artists through search_artists, in every category, placed on the map', async () => {
    const total = await one<{ n: number }>('select count(*)::int as n from public.search_artists(page_size => 100)');
    expect(total.n).toBeGreaterThanOrEqual(60);
    for (const category of allCategories) {
      const row = await one<{ n: number }>('select count(*)::int as n from public.search_artists(category => $1, page_size => 100)', [category]);
      expect(row.n, category).toBeGreaterThan(0);
    }
    const unplaced = await one<{ n: number }>('select count(*)::int as n from public.artists where place_id is null or latitude is null');
    expect(unplaced.n).toBe(0);
    const near = await one<{ n: number }>(
      "select count(*)::int as n from public.search_artists(place_id => (select id from public.places where name = 'Utrecht' limit 1), radius_km => 50, page_size => 100)",
    );
    expect(near.n).toBeGreaterThan(3);
    const stamped = await one<{ n: number }>("select count(*)::int as n from public.artists where approval_status = 'approved' and approved_at > now() - interval '1 day'");
    expect(stamped.n).toBe(0);
  });

  it('holds bookings the timed jobs have nothing left to do with', async () => {
    const statuses = await client.query<{ status: string }>('select distinct status from public.bookings order by 1');
    expect(statuses.rows.map((row) => row.status)).toEqual(['accepted', 'cancelled', 'completed', 'confirmed', 'declined', 'expired', 'pending']);
    await client.query('begin');
    try {
      const expired = await one<{ n: number }>('select public.expire_overdue_bookings() as n');
      const completed = await one<{ n: number }>('select public.complete_past_bookings() as n');
      expect({ expired: expired.n, completed: completed.n }).toEqual({ expired: 0, completed: 0 });
    } finally {
      await client.query('rollback');
    }
    const events = await one<{ n: number }>(
      'select count(*)::int as n from public.bookings b where b.status <> (select e.to_status from public.booking_events e where e.booking_id = b.id order by e.created_at desc, e.id desc limit 1)',
    );
    expect(events.n).toBe(0);
  });

  it('keeps every balance equal to its ledger, and ratings equal to the reviews', async () => {
    const drift = await one<{ n: number }>(
      `select count(*)::int as n from public.profiles p
        where p.bands_balance_cents <> coalesce((select sum(t.amount_cents) from public.bands_transactions t where t.user_id = p.id), 0)`,
    );
    expect(drift.n).toBe(0);
    const positive = await one<{ n: number }>('select count(*)::int as n from public.profiles where bands_balance_cents > 0');
    expect(positive.n).toBeGreaterThan(5);
    const ratings = await one<{ n: number }>(
      `select count(*)::int as n from public.artists a
        where a.review_count <> (select count(*) from public.reviews r where r.artist_id = a.id)`,
    );
    expect(ratings.n).toBe(0);
  });

  it('leaves unread messages for the demo customer and the demo artist', async () => {
    const unread = async (email: string) => {
      await client.query('begin');
      try {
        const { id } = await one<{ id: string }>('select id from auth.users where email = $1', [email]);
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: id, role: 'authenticated' })]);
        return (await one<{ n: number }>('select public.unread_count() as n')).n;
      } finally {
        await client.query('rollback');
      }
    };
    expect(await unread(demoAccounts.customer.email)).toBeGreaterThan(0);
    expect(await unread(demoAccounts.artist.email)).toBeGreaterThan(0);
  });

  it('publishes news in the past and keeps drafts hidden', async () => {
    const news = await one<{ published: number; future: number; drafts: number }>(
      `select count(*) filter (where status = 'published')::int as published,
              count(*) filter (where published_at > now())::int as future,
              count(*) filter (where status = 'draft')::int as drafts
         from public.news_articles`,
    );
    expect(news.published).toBeGreaterThanOrEqual(8);
    expect(news.future).toBe(0);
    expect(news.drafts).toBeGreaterThan(0);
  });
});
