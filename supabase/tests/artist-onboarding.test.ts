// Becoming an artist against the stack, as the people involved: a customer starts a
// draft act that nobody else sees, fills it in, and submits it only when it is complete; payout
// details are checked (IBAN by its checksum) and private; approval moves only through
// submit_artist_application and the admin's review; a rejection is fixed and resubmitted. The
// numbers and Dutch words are shared/src/artist-onboarding.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actLimits } from '../../shared/src/artist-onboarding.ts';
import { anonClient, closePool, createUser, sql, type TestUser } from './support.ts';

let newcomer: TestUser, stranger: TestUser, admin: TestUser;
let actId: string;
const tag = () => Math.random().toString(36).slice(2, 8);

const act = async () =>
  (
    await sql<{ approval_status: string; slug: string; submitted_at: Date | null; rejection_reason: string | null }>(
      'select approval_status, slug, submitted_at, rejection_reason from public.artists where id = $1',
      [actId],
    )
  )[0]!;
const submit = (user: TestUser) => user.client.rpc('submit_artist_application');

beforeAll(async () => {
  [newcomer, stranger, admin] = await Promise.all([createUser('customer'), createUser('customer'), createUser('admin')]);
});
afterAll(closePool);

describe('a new act is a draft only its owner sees', () => {
  it('starts as a draft, makes the customer an artist, and is public to nobody', async () => {
    const name = `Nieuwe Band ${tag()}`;
    const { data, error } = await newcomer.client.from('artists').insert({ profile_id: newcomer.id, name, slug: '' }).select('id, approval_status, slug').single();
    expect(error).toBeNull();
    actId = data!.id;
    expect(data).toMatchObject({ approval_status: 'draft', slug: name.toLowerCase().replace(/ /g, '-') });
    expect((await sql<{ role: string }>('select role from public.profiles where id = $1', [newcomer.id]))[0]!.role).toBe('artist');
    expect((await anonClient().from('artists').select('id').eq('id', actId)).data).toEqual([]);
    expect((await stranger.client.from('artists').select('id').eq('id', actId)).data).toEqual([]);
    // Not in the admins' approval queue until it is submitted.
    expect((await admin.client.from('admin_artists').select('id').eq('approval_status', 'pending').eq('id', actId)).data).toEqual([]);
  });

  it("a draft's address follows its name; the preview tells a taken name", async () => {
    const name = `Hernoemde Band ${tag()}`;
    expect((await newcomer.client.from('artists').update({ name }).eq('id', actId)).error).toBeNull();
    expect((await act()).slug).toBe(name.toLowerCase().replace(/ /g, '-'));
    expect((await newcomer.client.rpc('artist_slug_preview', { name })).data).toBe(name.toLowerCase().replace(/ /g, '-'));
    const [taken] = await sql<{ name: string; slug: string }>(`select name, slug from public.artists where approval_status = 'approved' and slug ~ '^[a-z]+$' limit 1`);
    if (taken) expect((await newcomer.client.rpc('artist_slug_preview', { name: taken.slug })).data).toBe(`${taken.slug}-…`);
  });

  it('the owner cannot approve or submit it by writing the row', async () => {
    for (const change of [{ approval_status: 'pending' }, { approval_status: 'approved' }, { submitted_at: new Date().toISOString() }]) {
      const { error } = await newcomer.client.from('artists').update(change).eq('id', actId);
      expect(error?.code).toBe('42501');
    }
    expect((await act()).approval_status).toBe('draft');
  });
});

describe('payout details', () => {
  it.each([
    [{ account_holder: 'A', iban: 'NL91ABNA0417164300' }, 'Vul de naam van de rekeninghouder in (2 tot 120 tekens).'],
    [{ account_holder: 'Anna de Vries', iban: '' }, 'Vul je IBAN in.'],
    [{ account_holder: 'Anna de Vries', iban: 'NL91ABNA0417164301' }, 'Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.'],
    [{ account_holder: 'Anna de Vries', iban: 'NL91ABNA041716430' }, 'Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.'],
    [{ account_holder: 'Anna de Vries', iban: 'NL91ABNA0417164300', kvk_number: '123' }, 'Een KvK-nummer heeft 8 cijfers.'],
  ])('%o is refused: %s', async (input, message) => {
    const { error } = await newcomer.client.rpc('save_artist_payout_details', input);
    expect(error).toMatchObject({ code: '22023', message });
    expect(await sql('select 1 from public.artist_payout_details where artist_id = $1', [actId])).toEqual([]);
  });

  it('a valid IBAN is kept compact and in capitals, readable by the owner and admins only', async () => {
    const { data, error } = await newcomer.client.rpc('save_artist_payout_details', { account_holder: '  Anna   de Vries ', iban: 'nl91 abna 0417 1643 00', kvk_number: '1234 5678' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ artist_id: actId, account_holder: 'Anna de Vries', iban: 'NL91ABNA0417164300', kvk_number: '12345678' });
    expect((await newcomer.client.from('artist_payout_details').select('iban').eq('artist_id', actId)).data).toEqual([{ iban: 'NL91ABNA0417164300' }]);
    expect((await admin.client.from('artist_payout_details').select('iban').eq('artist_id', actId)).data).toEqual([{ iban: 'NL91ABNA0417164300' }]);
    expect((await stranger.client.from('artist_payout_details').select('iban').eq('artist_id', actId)).data).toEqual([]);
    expect((await anonClient().from('artist_payout_details').select('iban')).error?.code).toBe('42501');
  });

  it('someone without an act is told to start at the first step', async () => {
    const { error } = await stranger.client.rpc('save_artist_payout_details', { account_holder: 'Vera', iban: 'NL91ABNA0417164300' });
    expect(error).toMatchObject({ message: 'Je hebt nog geen act. Begin bij de eerste stap.' });
  });
});

describe('submitting', () => {
  it('an incomplete act is refused with what is missing, in the order of the steps', async () => {
    const gaps = (await newcomer.client.rpc('artist_application_gaps', { artist: actId })).data as { step: string; missing: string }[];
    expect(gaps).toEqual([
      { step: 'act', missing: 'Minstens één categorie' },
      { step: 'act', missing: 'Minstens één genre' },
      { step: 'act', missing: `Een beschrijving van minstens ${actLimits.bioMin} tekens` },
      { step: 'locatie', missing: 'Je woonplaats of standplaats' },
      { step: 'locatie', missing: 'Hoe ver je wilt reizen' },
      { step: 'media', missing: 'Minstens één foto' },
      { step: 'media', missing: 'Een omslagfoto' },
      { step: 'pakketten', missing: 'Minstens één pakket' },
    ]);
    const { error } = await submit(newcomer);
    expect(error).toMatchObject({
      code: '22023',
      message:
        'Je aanmelding is nog niet compleet. Nog nodig: minstens één categorie, minstens één genre, een beschrijving van minstens 150 tekens, je woonplaats of standplaats, hoe ver je wilt reizen, minstens één foto, een omslagfoto, minstens één pakket.',
    });
    expect((await act()).approval_status).toBe('draft');
    // Nobody sees another's gaps.
    expect((await stranger.client.rpc('artist_application_gaps', { artist: actId })).data).toEqual([]);
  });

  it('a complete act goes to the approval queue; sending it twice is refused', async () => {
    const [utrecht] = await sql<{ id: number }>(`select id from public.places where name = 'Utrecht' order by population desc limit 1`);
    const bio = 'Wij zijn een vijfkoppige band uit Utrecht die al tien jaar bruiloften en bedrijfsfeesten laat swingen, met soul, funk en de grootste hits van nu. ';
    expect(
      (
        await newcomer.client
          .from('artists')
          .update({ categories: ['bands', 'huwelijk'], genre: 'Soul, Funk', bio: bio.repeat(2), place_id: utrecht!.id, travel_radius_km: 100 })
          .eq('id', actId)
      ).error,
    ).toBeNull();
    expect((await newcomer.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: `${actId}/foto.jpg` })).error).toBeNull();
    expect(
      (
        await newcomer.client
          .from('artists')
          .update({ cover_path: `${actId}/foto.jpg` })
          .eq('id', actId)
      ).error,
    ).toBeNull();
    expect((await newcomer.client.from('artist_packages').insert({ artist_id: actId, name: 'Feestavond', price_cents: 150_000, duration_minutes: 240 })).error).toBeNull();
    expect((await newcomer.client.rpc('artist_application_gaps', { artist: actId })).data).toEqual([]);

    const { data, error } = await submit(newcomer);
    expect(error).toBeNull();
    expect(data).toMatchObject([{ approval_status: 'pending' }]);
    const row = await act();
    expect(row.approval_status).toBe('pending');
    expect(row.submitted_at).not.toBeNull();
    expect((await admin.client.from('admin_artists').select('id').eq('approval_status', 'pending').eq('id', actId)).data).toEqual([{ id: actId }]);
    expect((await submit(newcomer)).error).toMatchObject({ message: 'Je aanmelding is al verstuurd en wacht op beoordeling.' });
    // Still not public.
    expect((await anonClient().from('artists').select('id').eq('id', actId)).data).toEqual([]);
  });

  it('after submitting, a new name no longer changes the address', async () => {
    const before = (await act()).slug;
    expect(
      (
        await newcomer.client
          .from('artists')
          .update({ name: `Andere Naam ${tag()}` })
          .eq('id', actId)
      ).error,
    ).toBeNull();
    expect((await act()).slug).toBe(before);
  });

  it('a rejection carries the reason; the artist fixes it and submits again', async () => {
    const reason = 'Voeg een foto toe waarop de hele band te zien is.';
    expect((await admin.client.rpc('admin_review_artists', { artist_ids: [actId], decision: 'rejected', reason })).error).toBeNull();
    expect((await newcomer.client.from('artists').select('approval_status, rejection_reason').eq('id', actId).single()).data).toEqual({ approval_status: 'rejected', rejection_reason: reason });
    expect((await newcomer.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: `${actId}/band.jpg`, sort_order: 1 })).error).toBeNull();
    expect((await submit(newcomer)).error).toBeNull();
    expect(await act()).toMatchObject({ approval_status: 'pending', rejection_reason: null });
  });

  it('approval makes it public; an approved act cannot be submitted again', async () => {
    expect((await admin.client.rpc('admin_review_artists', { artist_ids: [actId], decision: 'approved' })).error).toBeNull();
    expect((await anonClient().from('artists').select('id').eq('id', actId)).data).toEqual([{ id: actId }]);
    expect((await submit(newcomer)).error).toMatchObject({ message: 'Je act is al goedgekeurd.' });
  });
});
