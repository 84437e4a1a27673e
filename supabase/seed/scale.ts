// `pnpm seed:scale`: benchmark volumes on top of the demo data, generated inside PostgreSQL
// (generate_series, one statement per table) so a million rows take seconds, not a million
// round trips. Default: 100k artists with their packages and blocked dates, 100k customers, 1M
// bookings, 500k conversations with 5M messages, 1M BANDS ledger entries and the referral links
// between customers, on the running stack's database.
//
//   pnpm seed:scale                          # defaults, stack database
//   pnpm seed:scale --artists 10000 --bookings 100000 --messages 500000 --transactions 100000
//   pnpm seed:scale --db postgresql://...    # any database with the migrations applied
//
// Rows are written with triggers off (session_replication_role = replica, as pg_restore does):
// what the triggers would derive (profiles, public and full names, search text, 'from' prices,
// ratings, last message, referral counts, BANDS balances as the sum of the ledger, the
// leaderboard tally) is written directly. Bookings never overlap per artist by construction, so
// the exclusion constraint holds. Scale accounts are `scale-…@scale.podium.test` and cannot log in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface ScaleOptions {
  artists: number;
  customers: number;
  bookings: number;
  messages: number;
  /** Messages per conversation (conversations = messages / this). */
  messagesPerConversation: number;
  /** BANDS ledger entries (bands_transactions), over the customers with a few heavy users. */
  transactions: number;
  log?: (line: string) => void;
}

export const defaultScale: ScaleOptions = {
  artists: 100_000,
  customers: 100_000,
  bookings: 1_000_000,
  messages: 5_000_000,
  messagesPerConversation: 10,
  transactions: 1_000_000,
};

/** Share of all ledger entries held by each of the heaviest customers (scale-customer-1, -2, -3). */
export const heavyLedgerShares = [0.01, 0.005, 0.0025] as const;

export interface StepResult {
  step: string;
  rows: number;
  ms: number;
}

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

const words = {
  first: sqlArray([
    'Sanne',
    'Daan',
    'Lotte',
    'Bram',
    'Emma',
    'Sem',
    'Julia',
    'Lucas',
    'Fleur',
    'Thijs',
    'Noor',
    'Jesse',
    'Wout',
    'Elke',
    'Lien',
    'Arne',
    'Jana',
    'Kobe',
    'Femke',
    'Stijn',
    'Roos',
    'Mees',
    'Iris',
    'Milan',
  ]),
  last: sqlArray([
    'de Vries',
    'Jansen',
    'Bakker',
    'Visser',
    'Smit',
    'Meijer',
    'de Boer',
    'Mulder',
    'Bos',
    'Vos',
    'Peeters',
    'Janssens',
    'Maes',
    'Claes',
    'Willems',
    'Wouters',
    'Dekker',
    'Kok',
    'Prins',
    'Koster',
  ]),
  adjective: sqlArray(['Blauwe', 'Rode', 'Stille', 'Gouden', 'Wilde', 'Late', 'Vrolijke', 'Grote', 'Kleine', 'Nachtelijke', 'Zilveren', 'Verre', 'Warme', 'Koele', 'Dolle', 'Eerste']),
  noun: sqlArray(['Tijgers', 'Golven', 'Lichten', 'Dijken', 'Vogels', 'Molens', 'Sterren', 'Rakkers', 'Heren', 'Zusters', 'Broers', 'Snaren', 'Tonen', 'Polders', 'Grachten', 'Vuren']),
  genre: sqlArray(['Pop', 'Rock', 'Nederpop', 'Top 40', 'Soul & funk', 'Disco', 'Jazz', 'House', 'Akoestisch', 'Latin', 'Swing', 'Klassiek', "Jaren '80", 'Allround', 'Levenslied', 'Blues']),
  kind: sqlArray(['band', 'coverband', 'dj', 'duo', 'act', 'solo']),
  category: sqlArray(['bands', 'coverbands', 'djs', 'duos', 'acts', 'live-muziek']),
  event: sqlArray(['bruiloft', 'bedrijfsfeest', 'verjaardag', 'jubileum', 'kerstborrel']),
  message: sqlArray([
    'Hoi! Zijn jullie op onze datum nog beschikbaar?',
    'Zeker, die datum is nog vrij. Hoeveel gasten verwachten jullie?',
    'Ongeveer honderd gasten, het feest begint om half negen.',
    'Klinkt goed, ik zet een voorstel klaar.',
    'Kunnen jullie ook de openingsdans spelen?',
    'Ja hoor, laat maar weten welk nummer.',
    'Hoe laat komen jullie opbouwen?',
    'Twee uur voor aanvang, als dat uitkomt.',
    'Top, dan dien ik de aanvraag in.',
    'Super, we kijken ernaar uit!',
  ]),
  reason: sqlArray([
    'Uitnodigingsbonus: eerste voltooide boeking',
    'BANDS gebruikt bij boeking',
    'BANDS terug: boeking geannuleerd',
    'Welkomstkorting via uitnodiging',
    'Welkomstkorting weer beschikbaar voor een volgende boeking',
    'Uitnodigingsbonus teruggeboekt: boeking terugbetaald',
    'Correctie door Podium',
  ]),
  review: sqlArray([
    'Wat een avond! De dansvloer was de hele avond vol.',
    'Professioneel, op tijd en muzikaal echt top.',
    'Goed optreden, alleen de pauzes waren wat lang.',
    'Onze gasten hebben genoten, een aanrader.',
    'Redelijk, maar het sloeg minder aan dan gehoopt.',
  ]),
};

/** The statements, in order; each reports how many rows it wrote. */
function steps(o: ScaleOptions): { step: string; sql: string }[] {
  const conversations = Math.floor(o.messages / o.messagesPerConversation);
  // Where the heavy users' entries end in the series (cumulative).
  const heavy = heavyLedgerShares.map((_, k) => Math.floor(o.transactions * heavyLedgerShares.slice(0, k + 1).reduce((sum, share) => sum + share, 0)));
  const pick = (array: string, size: number) => `(${array})[1 + floor(random() * ${size})::int]`;
  return [
    {
      step: 'people (auth.users)',
      sql: `
        create temp table scale_artist_people as
          select n, gen_random_uuid() as id, ${pick(words.first, 24)} as first_name, ${pick(words.last, 20)} as last_name
            from generate_series(1, ${o.artists}) n;
        create temp table scale_customers as
          select n, gen_random_uuid() as id, ${pick(words.first, 24)} as first_name, ${pick(words.last, 20)} as last_name
            from generate_series(1, ${o.customers}) n;
        create unique index on scale_customers (n);
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
            created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
          select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), '{"provider":"email"}'::jsonb,
                 jsonb_build_object('first_name', first_name, 'last_name', last_name, 'role', role), now(), now(), '', '', '', ''
            from (select id, 'scale-artist-' || n || '@scale.podium.test' as email, first_name, last_name, 'artist' as role from scale_artist_people
                  union all
                  select id, 'scale-customer-' || n || '@scale.podium.test', first_name, last_name, 'customer' from scale_customers) people`,
    },
    {
      step: 'profiles + public and full names',
      sql: `
        -- Every account has a referral code from sign-up on (handle_new_user). Scale codes are nine
        -- characters (SA/SC and the number), so they never meet the eight of a real one.
        insert into public.profiles (id, role, email, email_verified, first_name, last_name, referral_code, created_at, updated_at)
          select u.id, u.raw_user_meta_data ->> 'role', u.email, true, u.raw_user_meta_data ->> 'first_name', u.raw_user_meta_data ->> 'last_name',
                 'S' || upper(left(u.raw_user_meta_data ->> 'role', 1)) || lpad(split_part(split_part(u.email, '@', 1), '-', 3), 7, '0'),
                 now() - random() * interval '900 days', now()
            from auth.users u where u.email like 'scale-%@scale.podium.test';
        insert into public.public_profiles (id, first_name, last_name, display_name)
          select p.id, p.first_name, p.last_name, p.first_name || ' ' || left(p.last_name, 1) || '.'
            from public.profiles p where p.email like 'scale-%@scale.podium.test';
        insert into public.profile_names (id, first_name, last_name)
          select p.id, p.first_name, p.last_name from public.profiles p where p.email like 'scale-%@scale.podium.test'`,
    },
    {
      step: 'referral links',
      sql: `
        -- About one customer in six signed up through a link. The referrer is an earlier customer,
        -- picked with a strong bias to the first ones: a few invited hundreds, most nobody (a long
        -- tail). Earlier only, so there are no loops, as apply_referral_code guarantees.
        with links as materialized (
          select c.id, 1 + floor(power(random(), 4) * (c.n - 1))::int as referrer_n
            from scale_customers c where c.n > 1 and random() < 0.16
        )
        update public.profiles p set referrer_id = r.id
          from links l join scale_customers r on r.n = l.referrer_n
         where p.id = l.id;
        update public.profiles p set referral_count = c.n
          from (select referrer_id, count(*)::int as n from public.profiles where referrer_id is not null group by referrer_id) c
         where p.id = c.referrer_id and p.referral_count <> c.n`,
    },
    {
      step: 'artists',
      sql: `
        create temp table scale_places as
          select row_number() over (order by population desc, id) as rn, id, name, latitude, longitude from public.places;
        create unique index on scale_places (rn);
        -- Random picks are made once per row in a materialized CTE, then used as often as needed.
        with picked as materialized (
          select a.id as profile_id, a.n, a.first_name, a.last_name, 1 + floor(random() * 6)::int as kind_i,
                 ${pick(words.adjective, 16)} as adjective, ${pick(words.noun, 16)} as noun, ${pick(words.first, 24)} as partner,
                 ${pick(words.genre, 16)} as genre,
                 random() < 0.6 as weddings, random() < 0.6 as companies, random() < 0.03 as famous, random() < 0.05 as international,
                 floor(random() * 30)::int as price_step, (array[50, 75, 100, 150, 200])[1 + floor(random() * 5)::int] as radius,
                 random() as approval_roll, random() as priority_roll, random() as created_roll,
                 1 + floor(power(random(), 3) * (select count(*) from scale_places))::int as place_rn
            from scale_artist_people a
        ),
        shaped as materialized (
          select p.*, (${words.kind})[p.kind_i] as kind,
                 case (${words.kind})[p.kind_i]
                   when 'band' then 'De ' || p.adjective || ' ' || p.noun
                   when 'coverband' then p.adjective || ' ' || p.noun || ' Coverband'
                   when 'dj' then 'DJ ' || p.first_name || ' ' || p.last_name
                   when 'duo' then 'Duo ' || p.first_name || ' & ' || p.partner
                   when 'act' then p.noun || 'show ' || p.first_name
                   else p.first_name || ' ' || p.last_name
                 end as name,
                 array_remove(array[(${words.category})[p.kind_i], case when p.weddings then 'huwelijk' end,
                   case when p.companies then 'bedrijfsfeest' end, case when p.famous then 'bekende' end,
                   case when p.international then 'international' end], null) as categories,
                 case when p.approval_roll < 0.95 then 'approved' when p.approval_roll < 0.98 then 'pending' else 'rejected' end as status
            from picked p
        )
        insert into public.artists (id, profile_id, name, slug, genre, city, categories, bio, base_price_cents, place_id, latitude, longitude,
            travel_radius_km, approval_status, approved_at, priority, rating_avg, review_count, search_text, created_at, updated_at)
          select gen_random_uuid(), x.profile_id, x.name, 'scale-' || x.n, x.genre, pl.name, x.categories,
                 x.name || ' speelt ' || lower(x.genre) || ' vanuit ' || pl.name || '.',
                 (case x.kind when 'dj' then 400 when 'act' then 300 when 'solo' then 350 when 'duo' then 600 else 1500 end + x.price_step * 100) * 100,
                 pl.id, pl.latitude, pl.longitude, x.radius, x.status, case when x.status = 'approved' then now() - interval '30 days' end,
                 case when x.priority_roll < 0.05 then 50 + floor(x.priority_roll * 1000)::int else floor(x.priority_roll * 40)::int end, 0, 0,
                 public.fold_text(concat_ws(' ', x.name, x.genre, pl.name, array_to_string(x.categories, ' '))),
                 now() - x.created_roll * interval '900 days', now()
            from shaped x
            join scale_places pl on pl.rn = x.place_rn`,
    },
    {
      step: 'search words',
      sql: `
        -- The dictionary a search looks a word up in, as the artists' trigger would fill it.
        insert into private.search_words (word, head, tail)
          select distinct r.word, r.head, r.tail
            from public.artists a, private.search_word_rows(a.search_text) r
           where a.slug like 'scale-%'
        on conflict do nothing`,
    },
    {
      step: 'packages and from prices',
      sql: `
        -- An act goes live with at least one active package (the onboarding asks for one), so
        -- every scale act has two or three, priced around its own level as the demo acts are;
        -- its 'from' price is the cheapest, as the packages trigger would write it.
        with chosen as materialized (
          select a.id, a.base_price_cents, random() as roll from public.artists a where a.slug like 'scale-%'
        ),
        offered as (
          select c.id, c.base_price_cents, t.name, t.factor, t.position, t.minutes
            from chosen c
            cross join (values ('Kort', 0.6, 0, 60), ('Feestavond', 1.0, 1, 180), ('Uitgebreid', 1.6, 2, 300)) t (name, factor, position, minutes)
           where c.roll < 0.6 or (c.roll < 0.8 and t.position < 2) or (c.roll >= 0.8 and t.position > 0)
        ),
        added as (
          insert into public.artist_packages (artist_id, name, price_cents, duration_minutes, sort_order)
            select o.id, o.name, (round(o.base_price_cents * o.factor / 2500) * 2500)::int, o.minutes, o.position
              from offered o
          returning artist_id, price_cents
        )
        -- The new packages are active and not held for review: each act's cheapest is its price.
        update public.artists a set from_price_cents = p.cents
          from (select artist_id, min(price_cents)::int as cents from added group by artist_id) p
         where a.id = p.artist_id`,
    },
    {
      step: 'blocked dates',
      sql: `
        -- Acts block days they cannot play (a holiday, a private event): four periods of one
        -- to three days in the coming year each, so a search on a date has thousands to rule out.
        with blocks as materialized (
          select a.id, current_date + floor(random() * 365)::int as starts_on, floor(random() * 3)::int as extra_days
            from public.artists a cross join generate_series(1, 4)
           where a.slug like 'scale-%'
        )
        insert into public.artist_blocked_dates (artist_id, starts_on, ends_on)
          select id, starts_on, starts_on + extra_days from blocks`,
    },
    {
      step: 'bookings (no overlaps per artist)',
      sql: `
        create temp table scale_artists as
          select row_number() over (order by a.id) as rn, a.id, a.profile_id, a.base_price_cents
            from public.artists a join scale_artist_people p on p.id = a.profile_id
           where a.approval_status = 'approved';
        create unique index on scale_artists (rn);
        -- Booking i plays for artist 1 + i mod A, in slot i div A: slots are 90 days apart and a
        -- booking lasts four hours, so no two bookings of one artist ever meet.
        with slots as materialized (
          select i, 1 + (i % a.n) as artist_rn, 1 + floor(random() * ${o.customers})::int as customer_n,
                 date_trunc('day', now()) - interval '700 days' + ((i / a.n) * 90 + floor(random() * 80)::int) * interval '1 day' + interval '19 hours' as starts_at,
                 random() as status_roll, 5 + floor(random() * 120)::int as lead_days, ${pick(words.event, 5)} as event_type,
                 50 + floor(random() * 200)::int as guests
            from generate_series(0, ${o.bookings - 1}) i, (select count(*) as n from scale_artists) a
        ),
        s as materialized (
          select slots.*,
                 case when starts_at < now()
                      then (array['completed','completed','completed','completed','completed','completed','completed','completed','cancelled','declined','expired'])[1 + floor(status_roll * 11)::int]
                      else (array['pending','pending','accepted','confirmed','confirmed','confirmed','confirmed','cancelled','declined'])[1 + floor(status_roll * 9)::int]
                 end as status,
                 least(starts_at, now()) - lead_days * interval '1 day' as created_at
            from slots
        )
        insert into public.bookings (customer_id, artist_id, starts_at, ends_at, event_type, guest_count, price_cents,
            platform_fee_cents, bands_applied_cents, total_cents, status, accepted_at, confirmed_at, completed_at, cancelled_at,
            declined_at, expired_at, cancelled_by, created_at, updated_at)
          select c.id, a.id, s.starts_at, s.starts_at + interval '4 hours', s.event_type, s.guests,
                 a.base_price_cents, round(a.base_price_cents * 0.05)::int, 0, a.base_price_cents + round(a.base_price_cents * 0.05)::int,
                 s.status,
                 case when s.status in ('accepted', 'confirmed', 'completed', 'expired') then s.created_at + interval '1 day' end,
                 case when s.status in ('confirmed', 'completed') then s.created_at + interval '2 days' end,
                 case when s.status = 'completed' then s.starts_at + interval '1 day' end,
                 case when s.status = 'cancelled' then s.created_at + interval '3 days' end,
                 case when s.status = 'declined' then s.created_at + interval '1 day' end,
                 case when s.status = 'expired' then s.created_at + interval '4 days' end,
                 case when s.status = 'cancelled' then 'customer' end,
                 s.created_at, s.created_at
            from s
            join scale_artists a on a.rn = s.artist_rn
            join scale_customers c on c.n = s.customer_n`,
    },
    {
      step: 'reviews of completed bookings',
      sql: `
        insert into public.reviews (booking_id, artist_id, customer_id, rating, body, created_at, updated_at)
          select b.id, b.artist_id, b.customer_id, r.rating, ${pick(words.review, 5)}, b.completed_at + interval '2 days', b.completed_at + interval '2 days'
            from public.bookings b
            join scale_artists a on a.id = b.artist_id
            cross join lateral (select (array[5,5,5,5,5,4,4,4,3,2])[1 + floor(random() * 10)::int] + b.guest_count * 0 as rating offset 0) r
           where b.status = 'completed' and random() < 0.4;
        update public.artists a set rating_avg = s.avg, review_count = s.n
          from (select artist_id, round(avg(rating), 2) as avg, count(*)::int as n from public.reviews group by artist_id) s
         where a.id = s.artist_id and a.profile_id in (select id from scale_artist_people)`,
    },
    {
      step: 'conversations',
      sql: `
        -- Customer c talks to artists (31c + 7919r) mod A for r = 0, 1, ...: never the same pair twice.
        create temp table scale_conversations as
          select gen_random_uuid() as id, c.id as customer_id, a.id as artist_id, a.profile_id as artist_profile,
                 now() - (1 + random() * 600) * interval '1 day' as started_at, random() < 0.2 as unread
            from generate_series(0, ${conversations - 1}) j
            join scale_customers c on c.n = 1 + j % ${o.customers}
            join scale_artists a on a.rn = 1 + ((((j % ${o.customers}) * 31) + (j / ${o.customers}) * 7919) % (select count(*) from scale_artists));
        insert into public.chat_conversations (id, customer_id, artist_id, created_at, last_message_at)
          select id, customer_id, artist_id, started_at, started_at + ${o.messagesPerConversation - 1} * interval '37 minutes' from scale_conversations`,
    },
    {
      step: 'messages',
      sql: `
        insert into public.chat_messages (id, conversation_id, sender_id, message_text, created_at, is_read)
          select gen_random_uuid(), c.id, case when m % 2 = 0 then c.customer_id else c.artist_profile end,
                 (${words.message})[1 + m % 10], c.started_at + m * interval '37 minutes',
                 not (c.unread and m = ${o.messagesPerConversation - 1})
            from scale_conversations c cross join generate_series(0, ${o.messagesPerConversation - 1}) m`,
    },
    {
      step: 'BANDS ledger + balances',
      sql: `
        -- The three heaviest customers hold ${heavyLedgerShares.map((share) => `${share * 100}%`).join(', ')} of the entries; the rest
        -- fall on customers with a bias to the first ones (power 2: a long tail). Every type, with
        -- the sign the ledger requires and one entry per (type, source); a customer whose entries
        -- sum below zero gets a correction, so each balance is the sum of the ledger and never
        -- negative, as post_bands keeps it.
        with picked as materialized (
          select i,
                 case ${heavy.map((h, k) => `when i < ${h} then ${k + 1}`).join(' ')}
                      else 1 + floor(power(random(), 2) * ${o.customers})::int end as customer_n,
                 random() as type_roll, 1 + floor(random() * 10)::int as size,
                 now() - random() * interval '900 days' as created_at
            from generate_series(0, ${o.transactions - 1}) i
        ),
        typed as (
          select p.*,
                 case when type_roll < 0.30 then 1 when type_roll < 0.55 then 2 when type_roll < 0.65 then 3 when type_roll < 0.75 then 4
                      when type_roll < 0.80 then 5 when type_roll < 0.84 then 6 else 7 end as kind
            from picked p
        )
        insert into public.bands_transactions (user_id, amount_cents, type, reason, source, booking_id, created_at)
          select c.id,
                 case t.kind when 1 then 1000 when 2 then -100 * t.size when 3 then 100 * t.size when 4 then 500
                             when 5 then -500 when 6 then -1000 else 50 * t.size end,
                 (array['referral_bonus', 'booking_redeem', 'refund', 'welcome_bonus', 'welcome_reversal', 'referral_reversal', 'admin_adjustment'])[t.kind],
                 (${words.reason})[t.kind], 'scale:' || t.i,
                 case when t.kind <> 7 then gen_random_uuid() end, t.created_at
            from typed t
            join scale_customers c on c.n = t.customer_n;
        insert into public.bands_transactions (user_id, amount_cents, type, reason, source, created_at)
          select t.user_id, -sum(t.amount_cents)::int, 'admin_adjustment', 'Correctie door Podium', 'scale-correction:' || t.user_id, now()
            from public.bands_transactions t
            join scale_customers c on c.id = t.user_id
           group by t.user_id
          having sum(t.amount_cents) < 0;
        update public.profiles p set bands_balance_cents = s.total
          from (select t.user_id, sum(t.amount_cents)::int as total from public.bands_transactions t
                  join scale_customers c on c.id = t.user_id group by t.user_id) s
         where p.id = s.user_id`,
    },
    {
      step: 'leaderboard tally',
      // What the profiles trigger would have counted, for every ranked profile.
      sql: 'select private.rebuild_leaderboard_tally()',
    },
  ];
}

/** The tables a step's statements insert into or update, schema-qualified as they are written. */
export function writtenTables(sql: string): string[] {
  return [...new Set([...sql.matchAll(/\b(?:insert\s+into|update)\s+((?:public|auth|private)\.[a-z_]+)/gi)].map((match) => match[1]!.toLowerCase()))];
}

export async function seedScale(client: pg.ClientBase, options: Partial<ScaleOptions> = {}): Promise<StepResult[]> {
  const o = { ...defaultScale, ...options };
  const log = o.log ?? (() => {});
  const existing = await client.query<{ n: number }>("select count(*)::int as n from auth.users where email like 'scale-%@scale.podium.test'");
  if (existing.rows[0]!.n > 0) throw new Error('this database already holds scale data; use a new one (pnpm stack reset)');
  // One transaction: a failed run leaves nothing behind.
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query('set local synchronous_commit = off');
  await client.query("set local maintenance_work_mem = '256MB'");
  await client.query("set local work_mem = '64MB'");
  const results: StepResult[] = [];
  try {
    for (const { step, sql } of steps(o)) {
      const began = performance.now();
      const outcome = (await client.query(sql).catch((error: Error & { position?: string }) => {
        const at = Number(error.position ?? 0);
        throw new Error(`${step}: ${error.message}${at ? ` near: ${sql.slice(Math.max(0, at - 80), at + 40)}` : ''}`);
      })) as unknown as pg.QueryResult | pg.QueryResult[];
      const rows = (Array.isArray(outcome) ? outcome : [outcome]).reduce((sum, result) => sum + (result.command === 'INSERT' || result.command === 'UPDATE' ? (result.rowCount ?? 0) : 0), 0);
      // The planner has to know what this step wrote before the next step joins it: a fresh
      // stack's tables have no statistics, and on a guess of a few rows a join of 100,000 acts
      // ran for over ten minutes (rows the transaction wrote itself count for ANALYZE here).
      for (const table of writtenTables(sql)) await client.query(`analyze ${table}`);
      const ms = performance.now() - began;
      results.push({ step, rows, ms });
      log(
        `${step.padEnd(36)} ${rows.toLocaleString('en').padStart(11)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s  ${Math.round(rows / (ms / 1000))
          .toLocaleString('en')
          .padStart(9)} rows/s`,
      );
    }
    const committing = performance.now();
    await client.query('commit');
    log(`commit ${((performance.now() - committing) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  // Vacuum as well as analyze: a freshly loaded table has no visibility map until autovacuum
  // gets to it, and until then every index-only scan still reads the heap. Measuring before that
  // would time a state production never stays in.
  const began = performance.now();
  await client.query('vacuum analyze');
  results.push({ step: 'vacuum analyze', rows: 0, ms: performance.now() - began });
  log(`vacuum analyze ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return results;
}

function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const int = (name: string) => (value(name) === undefined ? undefined : Number.parseInt(value(name)!, 10));
  const options: Partial<ScaleOptions> = {};
  for (const key of ['artists', 'customers', 'bookings', 'messages', 'transactions'] as const) {
    const parsed = int(key);
    if (parsed !== undefined) options[key] = parsed;
  }
  return { options, db: value('db') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { db } = await import('../stack/config.ts');
  const args = parseArgs(process.argv.slice(2));
  const client = new pg.Client({ connectionString: args.db ?? db.url });
  await client.connect();
  const began = performance.now();
  try {
    const results = await seedScale(client, { ...args.options, log: (line) => console.log(line) });
    const rows = results.reduce((sum, result) => sum + result.rows, 0);
    const seconds = (performance.now() - began) / 1000;
    console.log(`total ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`);
  } finally {
    await client.end();
  }
}
