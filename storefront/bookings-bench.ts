// 'Mijn boekingen' with 200 bookings: how soon a signed-in customer sees their list,
// in Debian's Chromium against the bench stack: first contentful paint, the first booking card,
// and every tab counted. And whether the page's JavaScript stays out of a guest's first load.
// Called by storefront/bench.ts with its throwaway stack; figures are the median of 3 loads.
import { authStorageKey } from '@podium/shared/auth-storage-key';
import { localKeys } from '@podium/shared/local-stack-node';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { shownWithin } from './bench-page.ts';

const statuses = ['pending', 'accepted', 'confirmed', 'completed', 'cancelled', 'declined', 'expired'] as const;

async function customerWith200Bookings(api: string, dbUrl: string): Promise<{ email: string; password: string }> {
  const keys = localKeys();
  const email = `bench-bookings-${Date.now()}@example.com`;
  const password = 'Bench-bookings-200!';
  const created = await fetch(`${api}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
    // The terms accepted at sign-up, as the sign-up form does: without them the app sends the
    // customer to 'Profiel aanvullen' instead of their bookings.
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { first_name: 'Bram', last_name: 'Boeker', role: 'customer', terms_accepted: true } }),
  });
  if (!created.ok) throw new Error(`creating the bench customer answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`update public.profiles set first_name = 'Bram', last_name = 'Boeker', email_verified = true where id = $1`, [id]);
    // An earlier run on this stack left its gigs on the same dates: they would overlap these.
    await db.query(`delete from public.bookings where customer_id in (select id from public.profiles where email like 'bench-bookings-%@example.com' and id <> $1)`, [id]);
    // 200 gigs spread over the seed's approved acts, every status, one a week apart per act so no two overlap.
    await db.query(
      `insert into public.bookings (customer_id, artist_id, starts_at, ends_at, event_type, event_location, guest_count, price_cents, platform_fee_cents, total_cents,
         status, response_deadline, payment_deadline, accepted_at, confirmed_at, completed_at, cancelled_at, declined_at, expired_at)
       select $1, a.id, s.starts, s.starts + interval '4 hours', 'Bruiloft', 'Utrecht', 100, 150000, 7500, 157500, s.status,
              case when s.status = 'pending' then now() + interval '5 days' end,
              case when s.status = 'accepted' then now() + interval '3 days' end,
              case when s.status in ('accepted', 'confirmed', 'completed') then now() end,
              case when s.status in ('confirmed', 'completed') then now() end,
              case when s.status = 'completed' then now() end,
              case when s.status = 'cancelled' then now() end,
              case when s.status = 'declined' then now() end,
              case when s.status = 'expired' then now() end
         from generate_series(0, 199) as g(n)
         cross join lateral (select id from public.artists where approval_status = 'approved' and deleted_at is null order by id offset (g.n % 20) limit 1) a
         cross join lateral (select ($2::text[])[1 + g.n % 7] as status,
                                    date_trunc('day', now()) + interval '3000 days' + (g.n * interval '9 days') + interval '19 hours'
                                      - case when ($2::text[])[1 + g.n % 7] = 'completed' then interval '6000 days' else interval '0 days' end as starts) s`,
      [id, statuses],
    );
  } finally {
    await db.end();
  }
  return { email, password };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchBookingsPage(options: { web: string; api: string; dbUrl: string; chromiumPath: string; runs?: number }): Promise<{ fcpMs: number; firstCardMs: number; countedMs: number }> {
  const account = await customerWith200Bookings(options.api, options.dbUrl);
  const keys = localKeys();
  const login = await fetch(`${options.api}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anon, 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`the bench customer's sign-in answered ${login.status}: ${await login.text()}`);
  const session = (await login.json()) as { access_token: string; expires_in: number };
  const stored = JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in });
  const browser = await chromium.launch({ executablePath: options.chromiumPath });
  const fcp: number[] = [];
  const firstCard: number[] = [];
  const counted: number[] = [];
  try {
    for (let run = 0; run < (options.runs ?? 3) + 1; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(
        ([key, value]) => {
          localStorage.setItem(key, value);
          localStorage.setItem('podium-cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
        },
        [authStorageKey(options.api), stored] as const,
      );
      const page = await context.newPage();
      await page.goto(`${options.web}/bookings`);
      await shownWithin(page, page.getByTestId('booking-card').first(), 'no booking card');
      const cardAt = await page.evaluate(() => performance.now());
      // Every tab shows its count: the 200 are all there.
      await page.waitForFunction(
        () => {
          const counts = [...document.querySelectorAll('[role="tab"]')].map((tab) => Number(/\((\d+)\)/.exec(tab.textContent ?? '')?.[1] ?? 0));
          return counts.reduce((sum, count) => sum + count, 0) >= 200;
        },
        undefined,
        { timeout: 30_000 },
      );
      const countedAt = await page.evaluate(() => performance.now());
      const cards = await page.getByTestId('booking-card').count();
      if (cards < 1) throw new Error(`the bookings page showed ${cards} booking cards`);
      if (new URL(page.url()).pathname !== '/bookings') throw new Error(`the bookings page moved on to ${page.url()}`);
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      await context.close();
      if (run === 0) continue; // a warm-up load
      fcp.push(paint);
      firstCard.push(cardAt);
      counted.push(countedAt);
    }
  } finally {
    await browser.close();
  }
  return { fcpMs: median(fcp), firstCardMs: median(firstCard), countedMs: median(counted) };
}
