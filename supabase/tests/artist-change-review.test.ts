// Trust against the stack: once an act is approved, a change to its name, bio,
// website, genre, cover or media waits for an admin before customers see it, while price,
// place and calendar apply at once (package texts and captions: act-content-safety.test.ts). The admin sees the proposal in the approvals queue, approves
// it (it goes public, the owner gets a mail) or rejects it with a reason (the public page stays,
// the new photos go, the owner sees why). Nobody else reads or writes a proposal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createUser, sql, type TestUser } from './support.ts';

let owner: TestUser, stranger: TestUser, admin: TestUser;
let actId: string;
const publicName = () => `Vertrouwd ${owner.id.slice(0, 6)}`;

const publicAct = async () => (await anonClient().from('artists').select('name, bio, website_url, cover_path, base_price_cents, travel_radius_km').eq('id', actId).single()).data!;
const pending = async () => (await owner.client.from('artist_pending_changes').select('changes, rejection_reason').eq('artist_id', actId).maybeSingle()).data;
const queued = async () => (await admin.client.from('admin_artists').select('id, review_kind, pending_changes').eq('awaiting_review', true).eq('id', actId)).data ?? [];
const review = (body: unknown) =>
  fetch(`${urls.api}/functions/v1/review-artists`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const mailTo = (email: string, subject: string) =>
  waitFor(async () => {
    const found = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as { messages: { Subject: string; ID: string }[] };
    return found.messages.find((message) => message.Subject === subject);
  });

beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([createUser('artist'), createUser('customer'), createUser('admin')]);
  actId = await createArtist(owner, { name: `Vertrouwd ${owner.id.slice(0, 6)}` });
  await sql(`update public.artists set bio = 'De oude beschrijving.', website_url = 'https://oud.example' where id = $1`, [actId]);
  await sql(`insert into public.artist_media (artist_id, kind, storage_path) values ($1, 'image', $2)`, [actId, `${actId}/oud.jpg`]);
});
afterAll(closePool);

describe('an approved act changes what customers rely on', () => {
  it('holds a new name, bio and genre for review; the owner reads the proposal, the public the old page', async () => {
    const { data, error } = await owner.client
      .from('artists')
      .update({ name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.', genre: 'soul' })
      .eq('id', actId)
      .select('name, genre')
      .single();
    expect(error).toBeNull();
    // The row keeps its public name and genre.
    expect(data).toEqual({ name: publicName(), genre: 'pop' });
    expect(await publicAct()).toMatchObject({ name: publicName(), bio: 'De oude beschrijving.' });
    expect(await pending()).toEqual({ changes: { name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.', genre: 'soul' }, rejection_reason: null });
    expect(await queued()).toEqual([{ id: actId, review_kind: 'changes', pending_changes: { name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.', genre: 'soul' } }]);
    // Setting the genre back withdraws that part.
    await owner.client.from('artists').update({ genre: 'pop' }).eq('id', actId);
    expect((await pending())!.changes).toEqual({ name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.' });
  });

  it('applies price, place and travel distance at once', async () => {
    const { error } = await owner.client.from('artists').update({ base_price_cents: 123_400, travel_radius_km: 75 }).eq('id', actId);
    expect(error).toBeNull();
    expect(await publicAct()).toMatchObject({ base_price_cents: 123_400, travel_radius_km: 75 });
  });

  it('withdraws a part of the proposal when it is set back to the public value', async () => {
    await owner.client.from('artists').update({ name: publicName() }).eq('id', actId);
    expect((await pending())!.changes).toEqual({ bio: 'Een nieuwe, betere beschrijving.' });
    // A save of other columns (the location step) leaves the proposal alone.
    await owner.client.from('artists').update({ travel_radius_km: 80 }).eq('id', actId);
    expect((await pending())!.changes).toEqual({ bio: 'Een nieuwe, betere beschrijving.' });
  });

  it('refuses a website that is not http(s), and an empty name, with a Dutch message and nothing held', async () => {
    const website = await owner.client.from('artists').update({ website_url: 'javascript:alert(1)' }).eq('id', actId);
    expect(website.error?.message).toBe('Vul een website in die met http:// of https:// begint.');
    const name = await owner.client.from('artists').update({ name: '   ' }).eq('id', actId);
    expect(name.error?.message).toBe('Geef je act een naam van 1 tot 120 tekens.');
    expect((await pending())!.changes).toEqual({ bio: 'Een nieuwe, betere beschrijving.' });
    // The row itself refuses other schemes too, also for a draft.
    const [check] = await sql<{ ok: boolean }>(`select 'ftp://x.nl' ~* '^https?://[^[:space:]]+$' as ok`);
    expect(check!.ok).toBe(false);
  });

  it('keeps new media out of public view until reviewed; an already public photo becomes the cover at once', async () => {
    const { data: added, error } = await owner.client
      .from('artist_media')
      .insert({ artist_id: actId, kind: 'image', storage_path: `${actId}/nieuw.jpg` })
      .select('pending_review')
      .single();
    expect(error).toBeNull();
    expect(added).toEqual({ pending_review: true });
    const seen = await anonClient().from('artist_media').select('storage_path').eq('artist_id', actId);
    expect(seen.data).toEqual([{ storage_path: `${actId}/oud.jpg` }]);
    // The new photo as cover waits; the old, public one applies at once.
    await owner.client
      .from('artists')
      .update({ cover_path: `${actId}/nieuw.jpg`, avatar_path: `${actId}/nieuw.jpg` })
      .eq('id', actId);
    expect((await publicAct()).cover_path).toBeNull();
    expect((await pending())!.changes).toMatchObject({ cover_path: `${actId}/nieuw.jpg` });
    await owner.client
      .from('artists')
      .update({ cover_path: `${actId}/oud.jpg`, avatar_path: `${actId}/oud.jpg` })
      .eq('id', actId);
    expect((await publicAct()).cover_path).toBe(`${actId}/oud.jpg`);
    expect((await pending())!.changes).toEqual({ bio: 'Een nieuwe, betere beschrijving.' });
    // The owner cannot mark their own media as reviewed.
    const forged = await owner.client
      .from('artist_media')
      .update({ pending_review: false } as never)
      .eq('artist_id', actId);
    expect(forged.error).not.toBeNull();
  });

  it('lets nobody else read or write a proposal', async () => {
    expect((await stranger.client.from('artist_pending_changes').select('artist_id').eq('artist_id', actId)).data).toEqual([]);
    expect((await anonClient().from('artist_pending_changes').select('artist_id')).error).not.toBeNull();
    const write = await owner.client.from('artist_pending_changes').update({ changes: {} }).eq('artist_id', actId);
    expect(write.error).not.toBeNull();
    const review = await owner.client.rpc('admin_review_artists', { artist_ids: [actId], decision: 'approved' });
    expect(review.error?.code).toBe('42501');
    expect((await publicAct()).bio).toBe('De oude beschrijving.');
  });
});

describe("the admin's decision", () => {
  it('rejects with a reason: the page stays, the new photo goes, the act stays online and the owner is told', async () => {
    const response = await review({ artistIds: [actId], decision: 'rejected', reason: 'Geen contactgegevens in je beschrijving, graag.' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reviewed: [actId], mailed: 1, failed: [] });
    expect(await publicAct()).toMatchObject({ name: publicName(), bio: 'De oude beschrijving.' });
    expect((await anonClient().from('artists').select('id').eq('id', actId)).data).toEqual([{ id: actId }]);
    expect(await pending()).toEqual({ changes: {}, rejection_reason: 'Geen contactgegevens in je beschrijving, graag.' });
    expect((await owner.client.from('artist_media').select('storage_path').eq('artist_id', actId)).data).toEqual([{ storage_path: `${actId}/oud.jpg` }]);
    expect(await queued()).toEqual([]);
    const mail = await mailTo(owner.email, `Je wijzigingen aan "${publicName()}" zijn niet goedgekeurd`);
    const detail = (await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
    expect(detail.Text).toContain('Reden: Geen contactgegevens in je beschrijving, graag.');
    expect(detail.Text).toContain('/dashboard/artist/profiel');
  });

  it('approves: the new name, bio, website and photo go public and the owner gets a mail', async () => {
    await owner.client.from('artists').update({ name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.' }).eq('id', actId);
    await owner.client.from('artists').update({ website_url: 'http://nieuw.example' }).eq('id', actId);
    await owner.client.from('artist_media').insert({ artist_id: actId, kind: 'video', external_url: 'https://www.youtube.com/watch?v=abc' });
    // A new proposal clears the old rejection.
    expect((await pending())!.rejection_reason).toBeNull();
    expect(await queued()).toHaveLength(1);
    const response = await review({ artistIds: [actId], decision: 'approved' });
    expect(await response.json()).toEqual({ reviewed: [actId], mailed: 1, failed: [] });
    expect(await publicAct()).toMatchObject({ name: 'Nieuwe Naam Band', bio: 'Een nieuwe, betere beschrijving.', website_url: 'http://nieuw.example' });
    expect((await anonClient().from('artist_media').select('kind').eq('artist_id', actId).order('kind')).data).toEqual([{ kind: 'image' }, { kind: 'video' }]);
    expect(await pending()).toBeNull();
    expect(await queued()).toEqual([]);
    await mailTo(owner.email, 'Je wijzigingen aan "Nieuwe Naam Band" staan online');
  });

  it('an act still in its application is unaffected: its changes apply directly', async () => {
    const newcomer = await createUser('artist');
    const draft = await createArtist(newcomer, { approved: false, name: `Aanmelding ${newcomer.id.slice(0, 6)}` });
    const { data } = await newcomer.client.from('artists').update({ bio: 'Direct.' }).eq('id', draft).select('bio').single();
    expect(data).toEqual({ bio: 'Direct.' });
    const { data: media } = await newcomer.client
      .from('artist_media')
      .insert({ artist_id: draft, kind: 'image', storage_path: `${draft}/a.jpg` })
      .select('pending_review')
      .single();
    expect(media).toEqual({ pending_review: false });
    expect((await admin.client.from('admin_artists').select('review_kind').eq('id', draft).single()).data).toEqual({ review_kind: 'application' });
  });
});
