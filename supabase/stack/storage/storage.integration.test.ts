// The Storage service through the real supabase-js client against the running stack: buckets
// and policies as a migration defines them, uploads and downloads in public and private buckets,
// RLS deciding who may write where, limits, bad keys, upsert, move/copy/remove/list, signed URLs
// and signed upload URLs.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../config.ts';
import { anonClient, serviceClient } from '../testing.ts';
import { createUser, dropBuckets, filesSnapshot, inconsistencies, migrate, rowCount, type TestUser } from './test-support.ts';

const AVATARS = 'test-avatars';
const PRIVATE = 'test-private';
const LIMITED = 'test-limited';
const storageUrl = `${urls.api}/storage/v1`;

let owner: TestUser;
let other: TestUser;
let filesBefore: Set<string>;

/** An HTTP request whose path goes out exactly as written (no dot-segment resolution). */
function rawRequest(method: string, path: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(urls.api);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers }, (response) => {
      let data = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (data += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(data) as unknown }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const text = (value: string, type = 'text/plain') => new Blob([value], { type });

beforeAll(async () => {
  await dropBuckets(AVATARS, PRIVATE, LIMITED);
  filesBefore = await filesSnapshot();
  const admin = serviceClient().storage;
  expect((await admin.createBucket(AVATARS, { public: true })).error).toBeNull();
  expect((await admin.createBucket(PRIVATE, { public: false })).error).toBeNull();
  expect((await admin.createBucket(LIMITED, { public: true, fileSizeLimit: 1000, allowedMimeTypes: ['image/*', 'application/pdf'] })).error).toBeNull();
  // What a project's migration writes: avatars are public to read, each user writes only the
  // folder named after their id; private files are theirs alone, without an UPDATE policy.
  await migrate(`
    drop policy if exists "test avatars read" on storage.objects;
    drop policy if exists "test avatars insert own folder" on storage.objects;
    drop policy if exists "test avatars update own folder" on storage.objects;
    drop policy if exists "test avatars delete own folder" on storage.objects;
    drop policy if exists "test private read own" on storage.objects;
    drop policy if exists "test private insert own" on storage.objects;
    drop policy if exists "test private delete own" on storage.objects;
    drop policy if exists "test limited insert" on storage.objects;
    create policy "test avatars read" on storage.objects for select to authenticated using (bucket_id = '${AVATARS}');
    create policy "test avatars insert own folder" on storage.objects for insert to authenticated
      with check (bucket_id = '${AVATARS}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "test avatars update own folder" on storage.objects for update to authenticated
      using (bucket_id = '${AVATARS}' and (storage.foldername(name))[1] = (select auth.uid())::text)
      with check (bucket_id = '${AVATARS}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "test avatars delete own folder" on storage.objects for delete to authenticated
      using (bucket_id = '${AVATARS}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "test private read own" on storage.objects for select to authenticated
      using (bucket_id = '${PRIVATE}' and owner_id = (select auth.uid())::text);
    create policy "test private insert own" on storage.objects for insert to authenticated
      with check (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "test private delete own" on storage.objects for delete to authenticated
      using (bucket_id = '${PRIVATE}' and owner_id = (select auth.uid())::text);
    create policy "test limited insert" on storage.objects for insert to authenticated with check (bucket_id = '${LIMITED}');
  `);
  [owner, other] = await Promise.all([createUser('owner'), createUser('other')]);
}, 60_000);

afterAll(async () => {
  await dropBuckets(AVATARS, PRIVATE, LIMITED);
});

describe('buckets', () => {
  it('are created, read, listed, updated and deleted through the API, shaped like storage-api', async () => {
    const admin = serviceClient().storage;
    const id = `test-bucket-${Date.now()}`;
    expect((await admin.createBucket(id, { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['image/png'] })).data).toEqual({ name: id });
    const again = await admin.createBucket(id);
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const { data: bucket } = await admin.getBucket(id);
    expect(bucket).toMatchObject({ id, name: id, public: false, file_size_limit: 2_000_000, allowed_mime_types: ['image/png'] });
    expect(new Date(bucket!.created_at).getTime()).toBeGreaterThan(0);

    const listed = await admin.listBuckets({ search: 'test-bucket-' });
    expect(listed.data?.map((b) => b.id)).toContain(id);

    expect((await admin.updateBucket(id, { public: true, allowedMimeTypes: ['image/*'] })).data).toEqual({ message: 'Successfully updated' });
    expect((await admin.getBucket(id)).data).toMatchObject({ public: true, allowed_mime_types: ['image/*'] });

    expect((await admin.from(id).upload('x.png', text('png', 'image/png'))).error).toBeNull();
    const notEmpty = await admin.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await admin.emptyBucket(id)).error).toBeNull();
    expect((await admin.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    const gone = await admin.getBucket(id);
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('are not created by users without a policy (RLS on storage.buckets)', async () => {
    const { error } = await owner.client.storage.createBucket(`test-user-bucket-${Date.now()}`);
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const anon = await anonClient().storage.listBuckets();
    expect(anon.data).toEqual([]);
  });
});

describe('uploads and downloads', () => {
  it('stores a public avatar in the owner folder, readable by anyone through its public URL', async () => {
    const path = `${owner.id}/avatar.png`;
    const upload = await owner.client.storage.from(AVATARS).upload(path, text('PNGDATA', 'image/png'), { cacheControl: '60' });
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path, fullPath: `${AVATARS}/${path}` });
    expect(upload.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    // No apikey, no Authorization: a plain <img src>.
    const { publicUrl } = anonClient().storage.from(AVATARS).getPublicUrl(path).data;
    expect(publicUrl).toBe(`${storageUrl}/object/public/${AVATARS}/${path}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await response.text()).toBe('PNGDATA');

    const downloaded = await anonClient().storage.from(AVATARS).download(path);
    expect(await downloaded.data?.text()).toBe('PNGDATA');

    const attachment = await fetch(anonClient().storage.from(AVATARS).getPublicUrl(path, { download: 'mijn foto.png' }).data.publicUrl);
    expect(attachment.headers.get('content-disposition')).toBe(`attachment; filename=mijn%20foto.png; filename*=UTF-8''mijn%20foto.png`);

    const info = await owner.client.storage.from(AVATARS).info(path);
    expect(info.data).toMatchObject({ name: path, bucketId: AVATARS, size: 7, contentType: 'image/png', cacheControl: 'max-age=60' });
    expect((await owner.client.storage.from(AVATARS).exists(path)).data).toBe(true);
    expect((await owner.client.storage.from(AVATARS).exists(`${owner.id}/nope.png`)).data).toBe(false);
  });

  it('refuses an upload into another user folder (RLS) and stores nothing', async () => {
    const path = `${other.id}/intruder.png`;
    const { error } = await owner.client.storage.from(AVATARS).upload(path, text('evil', 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await rowCount(AVATARS, path)).toBe(0);
    expect((await fetch(`${storageUrl}/object/public/${AVATARS}/${path}`)).status).toBe(400);
    expect(await inconsistencies(filesBefore, [AVATARS, PRIVATE, LIMITED])).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });

    const anon = await anonClient().storage.from(AVATARS).upload(`${owner.id}/anon.png`, text('anon', 'image/png'));
    expect(anon.error).toMatchObject({ statusCode: '403' });
  });

  it('keeps private files to their owner: not for anon, other users or a public URL', async () => {
    const path = `${owner.id}/contract.pdf`;
    expect((await owner.client.storage.from(PRIVATE).upload(path, text('%PDF-1.7 geheim', 'application/pdf'))).error).toBeNull();
    const mine = await owner.client.storage.from(PRIVATE).download(path);
    expect(await mine.data?.text()).toBe('%PDF-1.7 geheim');

    const anon = await anonClient().storage.from(PRIVATE).download(path);
    expect(anon.data).toBeNull();
    expect(anon.error).toBeTruthy();
    const anonInfo = await anonClient().storage.from(PRIVATE).info(path);
    expect(anonInfo.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const theirs = await other.client.storage.from(PRIVATE).info(path);
    expect(theirs.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const publicUrl = await fetch(`${storageUrl}/object/public/${PRIVATE}/${path}`);
    expect(publicUrl.status).toBe(400);
    expect(await publicUrl.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });

    const listedByOther = await other.client.storage.from(PRIVATE).list(owner.id);
    expect(listedByOther.data).toEqual([]);
  });

  it('enforces the bucket size limit and allowed types (image/* wildcard) with storage-api errors', async () => {
    const bucket = owner.client.storage.from(LIMITED);
    const tooLarge = await bucket.upload(`${owner.id}/large.png`, new Blob([new Uint8Array(2000)], { type: 'image/png' }));
    expect(tooLarge.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });

    const raw = await bucket.upload(`${owner.id}/large.bin`, new Uint8Array(5000), { contentType: 'application/pdf' });
    expect(raw.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });

    const wrongType = await bucket.upload(`${owner.id}/notes.txt`, text('hallo', 'text/plain'));
    expect(wrongType.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });

    expect(await rowCount(LIMITED)).toBe(0);
    const fits = await bucket.upload(`${owner.id}/small.webp`, new Blob([new Uint8Array(900)], { type: 'image/webp' }));
    expect(fits.error).toBeNull();
    const pdf = await bucket.upload(`${owner.id}/doc.pdf`, new Uint8Array(10), { contentType: 'application/pdf' });
    expect(pdf.error).toBeNull();
    expect(await rowCount(LIMITED)).toBe(2);
    expect(await inconsistencies(filesBefore, [AVATARS, PRIVATE, LIMITED])).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('rejects keys that traverse or start at the root, as "Invalid key", and stores nothing', async () => {
    const headers = { apikey: keys.anon, authorization: `Bearer ${(await owner.client.auth.getSession()).data.session!.access_token}`, 'content-type': 'image/png' };
    // fetch() would resolve dot segments before sending; a raw client sends them as written.
    for (const key of [`${owner.id}/../../escape.png`, `${owner.id}/%2e%2e/%2e%2e/escape.png`, `%2Fetc%2Fpasswd`, `${owner.id}//double.png`, `${owner.id}/./dot.png`]) {
      const response = await rawRequest('POST', `/storage/v1/object/${AVATARS}/${key}`, headers, 'x');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: '400', code: 'InvalidKey', message: `Invalid key: ${decodeURIComponent(key)}` });
    }
    const path = `${owner.id}/safe.txt`;
    await owner.client.storage.from(AVATARS).upload(path, text('safe', 'image/png'));
    const moved = await owner.client.storage.from(AVATARS).move(path, `${owner.id}/../../escape.txt`);
    expect(moved.error).toMatchObject({ statusCode: '400', message: `Invalid key: ${owner.id}/../../escape.txt` });
    const copied = await owner.client.storage.from(AVATARS).copy(path, '/etc/passwd');
    expect(copied.error).toMatchObject({ statusCode: '400', message: 'Invalid key: /etc/passwd' });
    expect(await rowCount(AVATARS, `${owner.id}/../../escape.txt`)).toBe(0);
    expect(await inconsistencies(filesBefore, [AVATARS, PRIVATE, LIMITED])).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('answers "Bucket not found" and "Object not found" for what does not exist', async () => {
    const missingBucket = await owner.client.storage.from('no-such-bucket').upload(`${owner.id}/a.png`, text('a', 'image/png'));
    expect(missingBucket.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    const missingObject = await owner.client.storage.from(AVATARS).download(`${owner.id}/missing.png`);
    expect(missingObject.error).toBeTruthy();
    const response = await fetch(`${storageUrl}/object/public/${AVATARS}/${owner.id}/missing.png`);
    expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
  });
});

describe('upsert, move, copy, remove, list', () => {
  it('refuses to overwrite without upsert, replaces with it, and needs an UPDATE policy for it', async () => {
    const path = `${owner.id}/bio.txt`;
    const bucket = owner.client.storage.from(AVATARS);
    expect((await bucket.upload(path, text('eerste', 'image/png'))).error).toBeNull();
    const duplicate = await bucket.upload(path, text('tweede', 'image/png'));
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await bucket.download(path)).data?.text()).toBe('eerste');

    expect((await bucket.upload(path, text('tweede', 'image/png'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('tweede');
    expect((await bucket.update(path, text('derde', 'image/png'))).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('derde');
    expect(await rowCount(AVATARS, path)).toBe(1);

    // The private bucket has no UPDATE policy: a new file may be written, never replaced.
    const privatePath = `${owner.id}/once.txt`;
    const privateBucket = owner.client.storage.from(PRIVATE);
    expect((await privateBucket.upload(privatePath, text('v1'), { upsert: true })).error).toBeNull();
    const replaced = await privateBucket.upload(privatePath, text('v2'), { upsert: true });
    expect(replaced.error).toMatchObject({ statusCode: '403' });
    expect(await (await privateBucket.download(privatePath)).data?.text()).toBe('v1');
    expect(await inconsistencies(filesBefore, [AVATARS, PRIVATE, LIMITED])).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('answers a download during a replacement with the old bytes or the new, never "not found"', async () => {
    const path = `${owner.id}/vaak-vervangen.txt`;
    const bucket = owner.client.storage.from(AVATARS);
    const versions = Array.from({ length: 30 }, (_, n) => `versie ${n} `.repeat(n + 1));
    expect((await bucket.upload(path, text(versions[0]!, 'image/png'))).error).toBeNull();
    let replacing = true;
    const replacements = (async () => {
      for (const version of versions.slice(1)) expect((await bucket.upload(path, text(version, 'image/png'), { upsert: true })).error).toBeNull();
      replacing = false;
    })();
    const answers: string[] = [];
    const reader = async () => {
      while (replacing) {
        const { data, error } = await bucket.download(path);
        answers.push(error ? `error: ${error.message}` : await data.text());
      }
    };
    await Promise.all([replacements, reader(), reader(), reader()]);
    expect(answers.length).toBeGreaterThan(versions.length);
    expect(answers.filter((answer) => !versions.includes(answer))).toEqual([]);
    expect(await (await bucket.download(path)).data?.text()).toBe(versions.at(-1));
    expect((await bucket.remove([path])).error).toBeNull();
  });

  it('moves, copies, lists folders and files, and removes', async () => {
    const bucket = owner.client.storage.from(AVATARS);
    const folder = `${owner.id}/album`;
    expect((await bucket.upload(`${folder}/a.jpg`, text('A', 'image/jpeg'))).error).toBeNull();

    const copied = await bucket.copy(`${folder}/a.jpg`, `${folder}/b.jpg`);
    expect(copied.data).toEqual({ path: `${AVATARS}/${folder}/b.jpg` });
    const moved = await bucket.move(`${folder}/a.jpg`, `${folder}/sub/c.jpg`);
    expect(moved.data).toMatchObject({ message: 'Successfully moved' });

    const listed = await bucket.list(folder);
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['b.jpg', false],
      ['sub', true],
    ]);
    expect(listed.data?.[0]?.metadata).toMatchObject({ size: 1, mimetype: 'image/jpeg' });
    expect((await bucket.list(`${folder}/sub`)).data?.map((entry) => entry.name)).toEqual(['c.jpg']);
    expect((await bucket.list(folder, { search: 'b.' })).data?.map((entry) => entry.name)).toEqual(['b.jpg']);
    expect((await bucket.list(folder, { limit: 1, offset: 1 })).data?.map((entry) => entry.name)).toEqual(['sub']);

    expect(await (await bucket.download(`${folder}/sub/c.jpg`)).data?.text()).toBe('A');
    expect((await bucket.download(`${folder}/a.jpg`)).error).toBeTruthy();

    // Someone else can neither move nor delete these files.
    const stolen = await other.client.storage.from(AVATARS).move(`${folder}/b.jpg`, `${other.id}/b.jpg`);
    expect(stolen.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const notTheirs = await other.client.storage.from(AVATARS).remove([`${folder}/b.jpg`]);
    expect(notTheirs.data).toEqual([]);

    const removed = await bucket.remove([`${folder}/b.jpg`, `${folder}/sub/c.jpg`, `${folder}/never.jpg`]);
    expect(removed.data?.map((entry) => entry.name).sort()).toEqual([`${folder}/b.jpg`, `${folder}/sub/c.jpg`]);
    expect((await bucket.list(folder)).data).toEqual([]);
    expect(await inconsistencies(filesBefore, [AVATARS, PRIVATE, LIMITED])).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('signed URLs', () => {
  it('lets anyone holding a signed URL download a private file until it expires', async () => {
    const path = `${owner.id}/signed.pdf`;
    const bucket = owner.client.storage.from(PRIVATE);
    expect((await bucket.upload(path, text('%PDF signed', 'application/pdf'))).error).toBeNull();

    const { data, error } = await bucket.createSignedUrl(path, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl.startsWith(`${storageUrl}/object/sign/${PRIVATE}/${path}?token=`)).toBe(true);
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF signed');
    expect(new Date(response.headers.get('expires')!).getTime()).toBeGreaterThan(Date.now());

    const download = await fetch((await bucket.createSignedUrl(path, 60, { download: true })).data!.signedUrl);
    expect(download.headers.get('content-disposition')).toBe('attachment;');

    const tampered = await fetch(`${data!.signedUrl.slice(0, -4)}AAAA`);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'signature verification failed' });

    const token = new URL(data!.signedUrl).searchParams.get('token');
    const otherPath = await fetch(`${storageUrl}/object/sign/${PRIVATE}/${owner.id}/other.pdf?token=${token}`);
    expect(await otherPath.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' });

    const shortLived = await bucket.createSignedUrl(path, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(shortLived.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: '"exp" claim timestamp check failed' });

    const notMine = await other.client.storage.from(PRIVATE).createSignedUrl(path, 60);
    expect(notMine.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('signs many paths at once, with an error for each path that cannot be read', async () => {
    const bucket = owner.client.storage.from(PRIVATE);
    await bucket.upload(`${owner.id}/one.txt`, text('1'));
    const { data } = await bucket.createSignedUrls([`${owner.id}/one.txt`, `${owner.id}/missing.txt`], 60);
    expect(data?.[0]).toMatchObject({ error: null, path: `${owner.id}/one.txt` });
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('1');
    expect(data?.[1]).toMatchObject({ error: 'Either the object does not exist or you do not have access to it', signedUrl: null });
  });

  it('signed upload URLs let a client without a session upload exactly that path, owned by the signer', async () => {
    const path = `${owner.id}/via-signed-upload.png`;
    const signed = await owner.client.storage.from(AVATARS).createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/object/upload/sign/${AVATARS}/${path}?token=`);

    const uploaded = await anonClient().storage.from(AVATARS).uploadToSignedUrl(path, signed.data!.token, text('signed upload', 'image/png'));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `${AVATARS}/${path}` });
    expect(await (await fetch(`${storageUrl}/object/public/${AVATARS}/${path}`)).text()).toBe('signed upload');
    const info = await owner.client.storage.from(AVATARS).info(path);
    expect(info.data?.name).toBe(path);

    const again = await anonClient().storage.from(AVATARS).uploadToSignedUrl(path, signed.data!.token, text('twice', 'image/png'));
    expect(again.error).toMatchObject({ statusCode: '409' });
    const elsewhere = await anonClient().storage.from(AVATARS).uploadToSignedUrl(`${owner.id}/other.png`, signed.data!.token, text('x', 'image/png'));
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });

    const intoOther = await owner.client.storage.from(AVATARS).createSignedUploadUrl(`${other.id}/x.png`);
    expect(intoOther.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await rowCount(AVATARS, `${other.id}/x.png`)).toBe(0);
  });
});
