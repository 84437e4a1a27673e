// The buckets and storage policies of our migrations, tried through supabase-js as each role:
// who may put a file where, and who can get it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, serviceClient, sql, type TestUser } from './support.ts';

// A 1x1 PNG: small, and an allowed type in every image bucket.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const upload = { contentType: 'image/png', upsert: false };

let customer: TestUser, other: TestUser, artistUser: TestUser, admin: TestUser;
let artistId: string;
const stored = async (bucket: string, name: string) => (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length === 1;

beforeAll(async () => {
  [customer, other, artistUser, admin] = await Promise.all([createUser('customer'), createUser('customer'), createUser('artist'), createUser('admin')]);
  artistId = await createArtist(artistUser);
});
afterAll(closePool);

describe('buckets', () => {
  it('has public avatars, artist media and news covers, and private documents', async () => {
    const { data, error } = await serviceClient().storage.listBuckets();
    expect(error).toBeNull();
    const visibility = Object.fromEntries((data ?? []).map((bucket) => [bucket.id, bucket.public]));
    expect(visibility).toMatchObject({ avatars: true, 'artist-media': true, 'news-covers': true, documents: false });
  });

  it('refuses a file type the bucket does not take, and stores nothing', async () => {
    const name = `${customer.id}/notities.txt`;
    const { error } = await customer.client.storage.from('avatars').upload(name, Buffer.from('hallo'), { contentType: 'text/plain' });
    expect(error).not.toBeNull();
    expect(await stored('avatars', name)).toBe(false);
  });
});

describe('avatars', () => {
  it('a user uploads into their own folder and anyone sees it through the public URL', async () => {
    const name = `${customer.id}/avatar.png`;
    expect((await customer.client.storage.from('avatars').upload(name, png, upload)).error).toBeNull();
    const { data } = anonClient().storage.from('avatars').getPublicUrl(name);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it('a user replaces their own avatar (upsert)', async () => {
    const name = `${customer.id}/vervangen.png`;
    expect((await customer.client.storage.from('avatars').upload(name, png, upload)).error).toBeNull();
    expect((await customer.client.storage.from('avatars').upload(name, png, { ...upload, upsert: true })).error).toBeNull();
  });

  it("nobody writes into another user's folder", async () => {
    const name = `${customer.id}/van-een-ander.png`;
    const { error } = await other.client.storage.from('avatars').upload(name, png, upload);
    expect(error?.message).toMatch(/row-level security/);
    expect(await stored('avatars', name)).toBe(false);
  });

  it("nobody deletes another user's avatar", async () => {
    const name = `${customer.id}/blijft.png`;
    expect((await customer.client.storage.from('avatars').upload(name, png, upload)).error).toBeNull();
    await other.client.storage.from('avatars').remove([name]);
    expect(await stored('avatars', name)).toBe(true);
  });

  it('a guest cannot upload', async () => {
    const name = `${customer.id}/gast.png`;
    const { error } = await anonClient().storage.from('avatars').upload(name, png, upload);
    expect(error).not.toBeNull();
    expect(await stored('avatars', name)).toBe(false);
  });
});

describe('artist media', () => {
  it('the owning artist uploads photos for their act', async () => {
    const name = `${artistId}/foto.png`;
    expect((await artistUser.client.storage.from('artist-media').upload(name, png, upload)).error).toBeNull();
    expect(await stored('artist-media', name)).toBe(true);
  });

  it("a customer cannot upload into an artist's folder", async () => {
    const name = `${artistId}/nep.png`;
    const { error } = await customer.client.storage.from('artist-media').upload(name, png, upload);
    expect(error?.message).toMatch(/row-level security/);
    expect(await stored('artist-media', name)).toBe(false);
  });

  it('a folder that is not an artist id belongs to nobody', async () => {
    const name = `geen-uuid/foto.png`;
    const { error } = await artistUser.client.storage.from('artist-media').upload(name, png, upload);
    expect(error?.message).toMatch(/row-level security/);
  });

  it('an admin may upload for any artist', async () => {
    const name = `${artistId}/door-beheer.png`;
    expect((await admin.client.storage.from('artist-media').upload(name, png, upload)).error).toBeNull();
  });
});

describe('news covers', () => {
  it('only admins upload covers', async () => {
    expect((await admin.client.storage.from('news-covers').upload(`cover-${admin.id}.png`, png, upload)).error).toBeNull();
    const { error } = await artistUser.client.storage.from('news-covers').upload(`cover-${artistUser.id}.png`, png, upload);
    expect(error?.message).toMatch(/row-level security/);
  });
});

describe('documents', () => {
  const name = () => `${customer.id}/contract.pdf`;

  beforeAll(async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const { error } = await customer.client.storage.from('documents').upload(name(), pdf, { contentType: 'application/pdf' });
    expect(error).toBeNull();
  });

  it('the owner downloads their own document', async () => {
    const { data, error } = await customer.client.storage.from('documents').download(name());
    expect(error).toBeNull();
    expect(await data?.text()).toContain('%PDF');
  });

  it('another user and a guest cannot download it, not even by public URL', async () => {
    expect((await other.client.storage.from('documents').download(name())).error).not.toBeNull();
    expect((await anonClient().storage.from('documents').download(name())).error).not.toBeNull();
    const response = await fetch(anonClient().storage.from('documents').getPublicUrl(name()).data.publicUrl);
    expect(response.ok).toBe(false);
  });

  it('an admin can read it for support', async () => {
    expect((await admin.client.storage.from('documents').download(name())).error).toBeNull();
  });
});
