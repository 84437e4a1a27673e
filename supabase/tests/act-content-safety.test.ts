// Attacks by the owner of an approved act, through the API: pointing its media at another act's
// files (which a rejected change would then delete, or an approval would show), replacing the bytes
// of an approved photo, and changing what customers read (genre, city, categories, package texts,
// captions) without review. Needs committed data: the admin reviews through review-artists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { anonClient, closePool, createArtist, createUser, sql, type TestUser } from './support.ts';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const otherPng = Buffer.concat([png, Buffer.from('andere foto')]);

let owner: TestUser, victim: TestUser, admin: TestUser;
let actId: string, victimAct: string;
let victimPhoto: string, ownPhoto: string, packageId: string, mediaId: string;

const review = async (body: unknown) => {
  const response = await fetch(`${urls.api}/functions/v1/review-artists`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
};
/** The bytes anyone downloads from the public bucket, or the status when there are none. */
const publicBytes = async (path: string) => {
  const response = await fetch(`${urls.api}/storage/v1/object/public/artist-media/${path}`);
  return response.ok ? Buffer.from(await response.arrayBuffer()) : response.status;
};
const upload = (user: TestUser, path: string, bytes: Buffer, upsert = false) =>
  fetch(`${urls.api}/storage/v1/object/artist-media/${path}`, {
    method: 'POST',
    headers: { apikey: keys.anon, authorization: `Bearer ${user.token}`, 'content-type': 'image/png', 'x-upsert': String(upsert) },
    body: bytes,
  });
const publicPage = async () => {
  const anon = anonClient();
  const [act, packages, media] = await Promise.all([
    anon.from('artists').select('name, genre, city, categories').eq('id', actId).single(),
    anon.from('artist_packages').select('id, name, description, price_cents').eq('artist_id', actId).order('sort_order'),
    anon.from('artist_media').select('id, caption').eq('artist_id', actId).order('sort_order'),
  ]);
  return { act: act.data!, packages: packages.data!, media: media.data! };
};
const pending = async () => (await owner.client.from('artist_pending_changes').select('changes, rejection_reason').eq('artist_id', actId).maybeSingle()).data;

beforeAll(async () => {
  [owner, victim, admin] = await Promise.all([createUser('artist'), createUser('artist'), createUser('admin')]);
  actId = await createArtist(owner, { name: `Eigen Act ${owner.id.slice(0, 6)}`, genre: 'Pop', categories: ['bands'] });
  victimAct = await createArtist(victim, { name: `Andere Act ${victim.id.slice(0, 6)}` });
  // Each act has a reviewed photo in its own folder, uploaded by its owner.
  victimPhoto = `${victimAct}/podium.png`;
  ownPhoto = `${actId}/podium.png`;
  expect((await upload(victim, victimPhoto, png)).status).toBe(200);
  expect((await upload(owner, ownPhoto, png)).status).toBe(200);
  await sql(`insert into public.artist_media (artist_id, kind, storage_path) values ($1, 'image', $2)`, [victimAct, victimPhoto]);
  mediaId = (await sql<{ id: string }>(`insert into public.artist_media (artist_id, kind, storage_path, caption) values ($1, 'image', $2, 'Live in de zaal') returning id`, [actId, ownPhoto]))[0]!.id;
  await sql(`update public.artists set cover_path = $2 where id = $1`, [actId, ownPhoto]);
  packageId = (
    await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, description, price_cents) values ($1, 'Feestavond', 'Drie sets van 45 minuten', 150000) returning id`, [actId])
  )[0]!.id;
});
afterAll(closePool);

describe("another act's photos", () => {
  it("refuses a media row that points at another act's photo, in Dutch", async () => {
    for (const path of [victimPhoto, `${actId}/../${victimPhoto}`, `/${victimPhoto}`, `${actId}//x.png`]) {
      const { error } = await owner.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: path });
      expect(error?.message).toBe('Deze foto staat niet in de map van je act. Upload hem opnieuw vanuit je profiel.');
    }
    const cover = await owner.client.from('artists').update({ cover_path: victimPhoto }).eq('id', actId);
    expect(cover.error?.message).toBe("Kies een omslagfoto uit de foto's van je eigen act.");
    const avatar = await owner.client.from('artists').update({ avatar_path: victimPhoto }).eq('id', actId);
    expect(avatar.error?.message).toBe("Kies een omslagfoto uit de foto's van je eigen act.");
    expect((await sql(`select 1 from public.artist_media where artist_id = $1 and storage_path like $2`, [actId, `%${victimAct}%`])).length).toBe(0);
    expect((await sql(`select 1 from public.artist_pending_changes where artist_id = $1`, [actId])).length).toBe(0);
  });

  it("a rejected change removes only the reviewed act's own new files", async () => {
    const fresh = `${actId}/nieuw.png`;
    expect((await upload(owner, fresh, otherPng)).status).toBe(200);
    expect((await owner.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: fresh })).error).toBeNull();
    // The attempt at the other act's photo is refused; had it gone in, the rejection would remove it.
    expect((await owner.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: victimPhoto })).error).not.toBeNull();
    expect(await review({ artistIds: [actId], decision: 'rejected', reason: 'Deze foto past niet bij je act.' })).toMatchObject({ reviewed: [actId] });
    expect(typeof (await publicBytes(fresh))).toBe('number');
    expect(await publicBytes(victimPhoto)).toEqual(png);
    expect(await publicBytes(ownPhoto)).toEqual(png);
    expect((await anonClient().from('artist_media').select('storage_path').eq('artist_id', victimAct)).data).toEqual([{ storage_path: victimPhoto }]);
  });

  it("a rejected second row naming the act's own reviewed photo takes nothing the page still shows", async () => {
    expect((await owner.client.from('artist_media').insert({ artist_id: actId, kind: 'image', storage_path: ownPhoto })).error).toBeNull();
    await review({ artistIds: [actId], decision: 'rejected', reason: 'Dubbele foto.' });
    expect(await publicBytes(ownPhoto)).toEqual(png);
    expect((await anonClient().from('artist_media').select('storage_path').eq('artist_id', actId)).data).toEqual([{ storage_path: ownPhoto }]);
  });
});

describe('the bytes of an approved photo', () => {
  it('cannot be overwritten by the owner with x-upsert, nor removed and uploaded again under the same name', async () => {
    const overwrite = await upload(owner, ownPhoto, otherPng, true);
    expect(overwrite.status).toBeGreaterThanOrEqual(400);
    expect(await publicBytes(ownPhoto)).toEqual(png);
    const replace = await fetch(`${urls.api}/storage/v1/object/artist-media/${ownPhoto}`, {
      method: 'PUT',
      headers: { apikey: keys.anon, authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' },
      body: otherPng,
    });
    expect(replace.status).toBeGreaterThanOrEqual(400);
    expect(await publicBytes(ownPhoto)).toEqual(png);
    // Removing the file while the listing points at it does not free its name.
    expect((await owner.client.storage.from('artist-media').remove([ownPhoto])).error).toBeNull();
    expect((await upload(owner, ownPhoto, otherPng)).status).toBeGreaterThanOrEqual(400);
    expect(await publicBytes(ownPhoto)).not.toEqual(otherPng);
    // The admin puts it back; a new upload is a new file, which waits for review as a new photo.
    expect((await upload(admin, ownPhoto, png)).status).toBe(200);
    expect((await upload(owner, `${actId}/${crypto.randomUUID()}.png`, otherPng)).status).toBe(200);
  });
});

describe('what customers read waits for review', () => {
  it('genre and city', async () => {
    const before = (await publicPage()).act;
    const { error } = await owner.client.from('artists').update({ genre: 'Bel 0612345678', city: 'Mail me op x@y.nl' }).eq('id', actId);
    expect(error).toBeNull();
    expect((await publicPage()).act).toEqual(before);
    expect((await pending())!.changes).toMatchObject({ genre: 'Bel 0612345678', city: 'Mail me op x@y.nl' });
    const tooLong = await owner.client
      .from('artists')
      .update({ genre: 'x'.repeat(201) })
      .eq('id', actId);
    expect(tooLong.error?.message).toBe('Je genres zijn te lang (maximaal 200 tekens).');
  });

  it('categories only from the list, each once', async () => {
    for (const categories of [['bands', 'Bel 0612345678'], ['bands', 'bands'], ['x'.repeat(5000)]]) {
      const { error } = await owner.client.from('artists').update({ categories }).eq('id', actId);
      expect(error?.message).toBe('Kies je categorieën uit de lijst (elke categorie één keer).');
    }
    expect((await publicPage()).act.categories).toEqual(['bands']);
    expect(
      (
        await owner.client
          .from('artists')
          .update({ categories: ['djs', 'huwelijk'] })
          .eq('id', actId)
      ).error,
    ).toBeNull();
    expect((await publicPage()).act.categories).toEqual(['djs', 'huwelijk']);
  });

  it("a package's name and description, and a new package; the price applies at once", async () => {
    const { error } = await owner.client.from('artist_packages').update({ name: 'Bel 0612345678', description: 'Mail naar x@y.nl', price_cents: 160000 }).eq('id', packageId);
    expect(error).toBeNull();
    expect((await owner.client.from('artist_packages').insert({ artist_id: actId, name: 'Whatsapp mij', description: 'nul zes een twee', price_cents: 10000, sort_order: 1 })).error).toBeNull();
    expect((await publicPage()).packages).toEqual([{ id: packageId, name: 'Feestavond', description: 'Drie sets van 45 minuten', price_cents: 160000 }]);
    expect((await pending())!.changes.packages).toEqual({ [packageId]: { name: 'Bel 0612345678', description: 'Mail naar x@y.nl' } });
  });

  it("a photo's caption", async () => {
    expect((await owner.client.from('artist_media').update({ caption: 'Bel 0612345678' }).eq('id', mediaId)).error).toBeNull();
    expect((await publicPage()).media.find((item) => item.id === mediaId)?.caption).toBe('Live in de zaal');
    expect((await pending())!.changes.captions).toEqual({ [mediaId]: 'Bel 0612345678' });
  });

  it('the admin sees all of it in the queue; a rejection keeps the page, an approval publishes it', async () => {
    const [queued] = (await admin.client.from('admin_artists').select('review_kind, pending_changes').eq('id', actId)).data!;
    expect(queued).toMatchObject({
      review_kind: 'changes',
      pending_changes: { genre: 'Bel 0612345678', city: 'Mail me op x@y.nl', packages: { [packageId]: { name: 'Bel 0612345678' } }, captions: { [mediaId]: 'Bel 0612345678' } },
    });
    const before = await publicPage();
    await review({ artistIds: [actId], decision: 'rejected', reason: 'Geen contactgegevens, graag.' });
    expect(await publicPage()).toEqual(before);
    expect(await pending()).toEqual({ changes: {}, rejection_reason: 'Geen contactgegevens, graag.' });
    expect((await owner.client.from('artist_packages').select('name').eq('artist_id', actId)).data).toEqual([{ name: 'Feestavond' }]);

    await owner.client.from('artists').update({ genre: 'Soul', city: 'Utrecht' }).eq('id', actId);
    await owner.client.from('artist_packages').update({ name: 'Feestavond XL', description: 'Vier sets' }).eq('id', packageId);
    await owner.client.from('artist_packages').insert({ artist_id: actId, name: 'Receptie', description: 'Akoestisch', price_cents: 50000, sort_order: 1 });
    await owner.client.from('artist_media').update({ caption: 'Op Pinkpop' }).eq('id', mediaId);
    expect((await publicPage()).act.genre).toBe('Pop');
    await review({ artistIds: [actId], decision: 'approved' });
    const after = await publicPage();
    expect(after.act).toMatchObject({ genre: 'Soul', city: 'Utrecht' });
    expect(after.packages.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: 'Feestavond XL', description: 'Vier sets' },
      { name: 'Receptie', description: 'Akoestisch' },
    ]);
    expect(after.media.find((item) => item.id === mediaId)?.caption).toBe('Op Pinkpop');
    expect(await pending()).toBeNull();
  });

  it('an act in its application edits its texts directly', async () => {
    const newcomer = await createUser('artist');
    const draft = await createArtist(newcomer, { approved: false });
    const { data } = await newcomer.client.from('artists').update({ genre: 'Jazz', city: 'Gouda' }).eq('id', draft).select('genre, city').single();
    expect(data).toEqual({ genre: 'Jazz', city: 'Gouda' });
    const { data: pkg } = await newcomer.client.from('artist_packages').insert({ artist_id: draft, name: 'Borrel', price_cents: 10000 }).select('pending_review').single();
    expect(pkg).toEqual({ pending_review: false });
    const refused = await newcomer.client
      .from('artists')
      .update({ categories: ['vrije tekst'] })
      .eq('id', draft);
    expect(refused.error?.message).toBe('Kies je categorieën uit de lijst (elke categorie één keer).');
  });
});
