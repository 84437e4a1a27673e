// The edge functions the storefront calls as SPEC 7.3 shows: generate-referral-code with a
// user's token, public-artist-cards with the anon key. Through the running stack's gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { closePool, createArtist, createUser, sql, type TestUser } from './support.ts';

const fn = (name: string, query = '') => `${urls.api}/functions/v1/${name}${query}`;
const anonHeaders = { apikey: keys.anon, Authorization: `Bearer ${keys.anon}` };

let user: TestUser;
afterAll(closePool);
beforeAll(async () => {
  user = await createUser('customer');
});

describe('generate-referral-code', () => {
  const call = (token: string) =>
    fetch(fn('generate-referral-code'), {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });

  it('gives a signed-in user their own code, the same one on every call, stored on their profile', async () => {
    const first = await call(user.token);
    expect(first.status).toBe(200);
    const { referralCode } = (await first.json()) as { referralCode: string };
    expect(referralCode).toMatch(/^[A-Z0-9]{6,}$/);
    const again = (await (await call(user.token)).json()) as { referralCode: string };
    expect(again.referralCode).toBe(referralCode);
    const [profile] = await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id]);
    expect(profile!.referral_code).toBe(referralCode);
  });

  it('refuses the anon key alone with 401 and a Dutch error', async () => {
    const response = await call(keys.anon);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Je bent niet ingelogd.' });
  });

  it('answers the browser preflight with CORS headers', async () => {
    const response = await fetch(fn('generate-referral-code'), { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' } });
    expect(response.ok).toBe(true);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('public-artist-cards', () => {
  const cardKeys = ['avatar_path', 'categories', 'city', 'cover_path', 'from_price_cents', 'genre', 'id', 'name', 'rating_avg', 'review_count', 'slug'];
  let topId: string;
  let hiddenId: string;
  beforeAll(async () => {
    // A priority above every seeded artist puts this one first; a pending one must never show.
    topId = await createArtist(await createUser('artist'), { name: 'Topact Cards', categories: ['acts', 'bekende'], priority: 100_000 });
    hiddenId = await createArtist(await createUser('artist'), { name: 'Verborgen Cards', categories: ['acts'], priority: 100_001, approved: false });
  });
  afterAll(async () => {
    await sql('delete from public.artists where id = any($1)', [[topId, hiddenId]]);
  });

  it('lists 24 public cards by default, admin priority first, then rating, with the public fields only and a cache header', async () => {
    const response = await fetch(fn('public-artist-cards', '?limit=24'), { headers: anonHeaders });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const cards = (await response.json()) as Record<string, unknown>[];
    expect(cards).toHaveLength(24);
    expect(cards[0]!.id).toBe(topId);
    expect(cards.some((card) => card.id === hiddenId)).toBe(false);
    for (const card of cards) expect(Object.keys(card).sort()).toEqual(cardKeys);
    const body = JSON.stringify(cards);
    expect(body).not.toMatch(/@|profile_id|email|phone/);
    // Recommended order: priority descending, then rating.
    const rows = await sql<{ id: string; priority: number; rating_avg: string }>('select id, priority, rating_avg from public.artists where id = any($1)', [cards.map((card) => card.id)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = cards.map((card) => byId.get(card.id as string)!);
    for (let i = 1; i < ordered.length; i++) {
      const [prev, next] = [ordered[i - 1]!, ordered[i]!];
      expect(prev.priority > next.priority || (prev.priority === next.priority && Number(prev.rating_avg) >= Number(next.rating_avg))).toBe(true);
    }
  });

  it('filters by a hero category with limit 10', async () => {
    const cards = (await (await fetch(fn('public-artist-cards', '?limit=10&category=bekende'), { headers: anonHeaders })).json()) as { id: string; categories: string[] }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(10);
    expect(cards[0]!.id).toBe(topId);
    for (const card of cards) expect(card.categories).toContain('bekende');
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=tien', 'limit'],
    ['?limit=10&category=opera', 'categorie'],
  ])('refuses %s with 400 and a Dutch message', async (query, word) => {
    const response = await fetch(fn('public-artist-cards', query), { headers: anonHeaders });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain(word);
  });
});
