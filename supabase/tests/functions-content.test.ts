// The content pages' edge functions through the running stack: contact-request (the contact
// form and the sound & light quote form: stored, mailed to the team through the mail catcher,
// bad input refused in Dutch with nothing stored, a rate limit per address), and sitemap/robots
// (what crawlers may see, from the database).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { fetchFrom, ownLoopbackAddress } from './loopback.ts';
import { anonClient, closePool, createArtist, createUser, sql } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
/** A visitor's request, from a network address of its own unless given (the function counts per address). */
const send = (body: unknown, client = ownLoopbackAddress()) =>
  fetchFrom(client, fn('contact-request'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function mailWith(text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent('to:info@podium.nl')}`)).json()) as { messages: { ID: string }[] };
    for (const summary of messages) {
      const mail = (await (await fetch(`${urls.mail}/api/v1/message/${summary.ID}`)).json()) as { Subject: string; Text: string; ReplyTo: { Address: string }[] };
      if (mail.Text.includes(text)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no team mail containing ${text}`);
}

const stored = (email: string) => sql<Record<string, unknown>>('select * from public.contact_requests where email = $1', [email]);
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

afterAll(closePool);

describe('contact-request', () => {
  it('stores a contact message and mails it to the team, with the visitor as reply address', async () => {
    const email = `contact-${randomUUID().slice(0, 8)}@example.nl`;
    const marker = `Kunnen jullie helpen met boeking ${randomUUID()}?`;
    const response = await send({ kind: 'contact', name: 'Sanne de Vries', email, phone: '06 12345678', subject: 'Vraag over boeking', message: marker });
    expect(response.status).toBe(200);
    const [row] = await stored(email);
    expect(row).toMatchObject({ kind: 'contact', name: 'Sanne de Vries', phone: '06 12345678', subject: 'Vraag over boeking', message: marker, status: 'new' });
    const mail = await mailWith(marker);
    expect(mail.Subject).toBe('Contactformulier: Vraag over boeking');
    expect(mail.Text).toContain('Sanne de Vries');
    expect(mail.ReplyTo[0]!.Address).toBe(email);
  });

  it('stores a sound & light quote request with its event details and mails them', async () => {
    const email = `offerte-${randomUUID().slice(0, 8)}@example.nl`;
    const location = `Kasteel ${randomUUID().slice(0, 6)}, Woerden`;
    const response = await send({
      kind: 'quote',
      name: 'Mark Jansen',
      email,
      phone: '+31 6 98765432',
      eventDate: inAMonth(),
      eventLocation: location,
      guests: '150',
      services: ['geluid', 'licht'],
      message: '',
    });
    expect(response.status).toBe(200);
    const [row] = await stored(email);
    expect(row).toMatchObject({ kind: 'quote', event_location: location, guest_count: 150, services: ['geluid', 'licht'] });
    const mail = await mailWith(location);
    expect(mail.Subject).toContain('Offerteaanvraag sound & light');
    expect(mail.Text).toContain('Aantal gasten: 150');
    expect(mail.Text).toContain('Geluidsinstallatie, Lichtshow en sfeerverlichting');
  });

  it('refuses bad input with 400 and Dutch messages per field, and stores nothing', async () => {
    const email = `fout-${randomUUID().slice(0, 8)}@example.nl`;
    const contact = await send({ kind: 'contact', name: ' ', email, message: 'Hoi' });
    expect(contact.status).toBe(400);
    expect(await contact.json()).toEqual({ error: 'Vul je naam in.', fields: { name: 'Vul je naam in.', message: 'Schrijf je vraag of bericht (minimaal 10 tekens).' } });

    const quote = await send({ kind: 'quote', name: 'Piet', email, phone: '06 12345678', eventDate: '2020-01-01', eventLocation: 'Utrecht', guests: 'veel', services: ['raketten'] });
    expect(quote.status).toBe(400);
    const body = (await quote.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('Kies een datum vanaf vandaag.');
    expect(body.fields).toEqual({ eventDate: 'Kies een datum vanaf vandaag.', guests: 'Vul het aantal gasten in (1 tot 10.000).', services: 'Kies minstens één onderdeel dat je nodig hebt.' });

    const notJson = await fetch(fn('contact-request'), { method: 'POST', headers: { Authorization: `Bearer ${keys.anon}`, 'content-type': 'application/json' }, body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toMatch(/formulier kon niet worden gelezen/);
    expect(await stored(email)).toEqual([]);
  });

  it('pretends to accept what a bot fills into the hidden field, and stores nothing', async () => {
    const email = `bot-${randomUUID().slice(0, 8)}@example.nl`;
    const response = await send({ kind: 'contact', name: 'Bot', email, message: 'Koop nu goedkope dingen', website: 'https://spam.example' });
    expect(response.status).toBe(200);
    expect(await stored(email)).toEqual([]);
  });

  it('accepts three requests per address per hour, then answers 429 in Dutch', async () => {
    const email = `vaak-${randomUUID().slice(0, 8)}@example.nl`;
    for (let i = 0; i < 3; i++) expect((await send({ kind: 'contact', name: 'Vaak', email, message: `Bericht nummer ${i + 1} van vandaag` })).status).toBe(200);
    const fourth = await send({ kind: 'contact', name: 'Vaak', email, message: 'Bericht nummer 4 van vandaag' });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: string }).error).toMatch(/Probeer het later opnieuw/);
    expect(await stored(email)).toHaveLength(3);
  });

  it('limits one network address to ten requests per hour, whatever the e-mail', async () => {
    const client = ownLoopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send({ kind: 'contact', name: 'Netwerk', email: `netwerk-${randomUUID().slice(0, 8)}@example.nl`, message: 'Een bericht vanaf hetzelfde netwerk' }, client)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('is closed to browsers writing contact_requests directly', async () => {
    const response = await fetch(`${urls.api}/rest/v1/contact_requests`, {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Direct', email: 'direct@example.nl', message: 'Rechtstreeks in de tabel' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('sitemap and robots', () => {
  const slugs = { published: `gepubliceerd-${randomUUID().slice(0, 8)}`, draft: `concept-${randomUUID().slice(0, 8)}` };
  let approvedSlug: string;
  let pendingSlug: string;
  let artistIds: string[] = [];
  beforeAll(async () => {
    await sql(`insert into public.news_articles (slug, title, body, status) values ($1, 'Gepubliceerd', 'Tekst', 'published'), ($2, 'Concept', 'Tekst', 'draft')`, [slugs.published, slugs.draft]);
    artistIds = [
      await createArtist(await createUser('artist'), { name: `Sitemap Zichtbaar ${randomUUID().slice(0, 6)}` }),
      await createArtist(await createUser('artist'), { name: `Sitemap Wachtend ${randomUUID().slice(0, 6)}`, approved: false }),
    ];
    const rows = await sql<{ id: string; slug: string }>('select id, slug from public.artists where id = any($1)', [artistIds]);
    approvedSlug = rows.find((row) => row.id === artistIds[0])!.slug;
    pendingSlug = rows.find((row) => row.id === artistIds[1])!.slug;
  });
  afterAll(async () => {
    await sql('delete from public.news_articles where slug = any($1)', [Object.values(slugs)]);
    await sql('delete from public.artists where id = any($1)', [artistIds]);
  });
  /** The cached sitemap's lifetime is over (as if its 15 minutes had passed). */
  const expireSitemap = () => sql(`update public.sitemap_cache set generated_at = now() - interval '16 minutes', refresh_claimed_at = null`);
  const builtAt = async () => (await sql<{ generated_at: Date }>('select generated_at from public.sitemap_cache'))[0]!.generated_at.getTime();

  it('lists the static and landing pages, published news and public artists with lastmod, on the site URL', async () => {
    await expireSitemap();
    for (const url of [fn('sitemap'), `${urls.site}/sitemap.xml`]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/xml');
      const xml = await response.text();
      expect(xml).toContain(`<loc>${urls.site}/</loc>`);
      for (const path of ['/contact', '/privacy', '/terms', '/band-huren', '/live-muziek-boeken']) expect(xml).toContain(`<loc>${urls.site}${path}</loc>`);
      const today = new Date().toISOString().slice(0, 10);
      expect(xml).toContain(`<loc>${urls.site}/news/${slugs.published}</loc>\n    <lastmod>${today}</lastmod>`);
      expect(xml).toContain(`<loc>${urls.site}/artists/${approvedSlug}</loc>\n    <lastmod>${today}</lastmod>`);
      expect(xml).not.toContain(slugs.draft);
      expect(xml).not.toContain(`/artists/${pendingSlug}<`);
    }
  });

  it('builds once per lifetime: repeated requests answer the same copy, a newly approved act shows up once it has expired', async () => {
    await expireSitemap();
    const first = await (await fetch(fn('sitemap'))).text();
    const built = await builtAt();
    expect(first).not.toContain(`/artists/${pendingSlug}<`);
    await sql(`update public.artists set approval_status = 'approved' where id = $1`, [artistIds[1]]);
    const again = await Promise.all(Array.from({ length: 10 }, () => fetch(fn('sitemap')).then((response) => response.text())));
    expect(new Set(again)).toEqual(new Set([first]));
    expect(await builtAt()).toBe(built);
    const response = await fetch(fn('sitemap'));
    expect(response.headers.get('cache-control')).toBe('public, max-age=900');
    expect(await response.text()).toBe(first);

    await expireSitemap();
    expect(await (await fetch(fn('sitemap'))).text()).toContain(`<loc>${urls.site}/artists/${pendingSlug}</loc>`);
    expect(await builtAt()).toBeGreaterThan(built);
    await sql(`update public.artists set approval_status = 'pending' where id = $1`, [artistIds[1]]);
  });

  it('nobody but the server reads or writes the cached sitemap', async () => {
    for (const client of [anonClient(), (await createUser('customer')).client]) {
      expect((await client.from('sitemap_cache').select('xml')).error?.code).toBe('42501');
      expect((await client.rpc('store_sitemap', { xml: '<urlset/>' })).error?.code).toBe('42501');
      expect((await client.rpc('sitemap_from_cache', { max_age_seconds: 0 })).error?.code).toBe('42501');
    }
  });

  it('drops an artist from the sitemap once deleted, at its next build', async () => {
    await sql('update public.artists set deleted_at = now() where id = $1', [artistIds[0]]);
    await expireSitemap();
    expect(await (await fetch(fn('sitemap'))).text()).not.toContain(`/artists/${approvedSlug}<`);
  });

  it('robots.txt allows the public pages, keeps crawlers out of private areas and names the sitemap', async () => {
    const response = await fetch(`${urls.site}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \//);
    for (const path of ['/admin', '/dashboard', '/bookings', '/messages', '/profile', '/checkout']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(news|artists|contact)/);
    expect(text).toContain(`Sitemap: ${urls.site}/sitemap.xml`);
  });
});
