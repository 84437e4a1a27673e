// Image transformation through /render/image, as supabase-js asks for it: the output has the
// requested size for each resize mode, is WebP when the browser accepts it (and the original
// format with format=origin), and a second request for the same rendition comes from the cache.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../config.ts';
import { anonClient, serviceClient } from '../testing.ts';
import { samplePhoto } from './sample-photo.ts';
import { createUser, dropBuckets, migrate, type TestUser } from './test-support.ts';

const PHOTOS = 'test-render-photos';
const PRIVATE = 'test-render-private';
const PHOTO = 'band/live.jpg';
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let user: TestUser;
let version: string;

async function render(url: string, accept = BROWSER_ACCEPT) {
  const response = await fetch(url, { headers: { accept } });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return { response, bytes, meta: undefined };
  return { response, bytes, meta: await sharp(bytes).metadata() };
}

beforeAll(async () => {
  await dropBuckets(PHOTOS, PRIVATE);
  const admin = serviceClient().storage;
  expect((await admin.createBucket(PHOTOS, { public: true })).error).toBeNull();
  expect((await admin.createBucket(PRIVATE, { public: false })).error).toBeNull();
  const photo = await samplePhoto();
  const uploaded = await admin.from(PHOTOS).upload(PHOTO, photo, { contentType: 'image/jpeg' });
  expect(uploaded.error).toBeNull();
  const info = await admin.from(PHOTOS).info(PHOTO);
  version = info.data!.version!;
  user = await createUser('render');
  await migrate(`
    drop policy if exists "test render private own" on storage.objects;
    create policy "test render private own" on storage.objects for all to authenticated
      using (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = (select auth.uid())::text)
      with check (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
  expect((await user.client.storage.from(PRIVATE).upload(`${user.id}/photo.jpg`, photo, { contentType: 'image/jpeg' })).error).toBeNull();
}, 60_000);

afterAll(async () => {
  await dropBuckets(PHOTOS, PRIVATE);
});

const publicUrl = (transform: Parameters<ReturnType<ReturnType<typeof anonClient>['storage']['from']>['getPublicUrl']>[1]) =>
  anonClient().storage.from(PHOTOS).getPublicUrl(PHOTO, transform).data.publicUrl;

describe('public renders', () => {
  it('crops to the requested box with resize=cover and answers WebP to a browser', async () => {
    const url = publicUrl({ transform: { width: 300, height: 200, resize: 'cover' } });
    expect(url).toContain('/render/image/public/');
    const { response, meta } = await render(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('keeps JPEG for clients that do not accept WebP, and with format=origin', async () => {
    const plain = await render(publicUrl({ transform: { width: 400, height: 300 } }), 'image/jpeg,*/*');
    expect(plain.response.headers.get('content-type')).toBe('image/jpeg');
    expect(plain.meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const origin = await render(publicUrl({ transform: { width: 400, format: 'origin' } }));
    expect(origin.meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('fits inside the box with contain, stretches with fill, and keeps the aspect ratio for one side', async () => {
    expect((await render(publicUrl({ transform: { width: 300, height: 300, resize: 'contain' } }))).meta).toMatchObject({ width: 300, height: 225 });
    expect((await render(publicUrl({ transform: { width: 300, height: 300, resize: 'fill' } }))).meta).toMatchObject({ width: 300, height: 300 });
    expect((await render(publicUrl({ transform: { height: 150 } }))).meta).toMatchObject({ width: 200, height: 150 });
  });

  it('lowers the file size with a lower quality', async () => {
    const low = await render(publicUrl({ transform: { width: 800, quality: 20 } }), 'image/jpeg');
    const high = await render(publicUrl({ transform: { width: 800, quality: 95 } }), 'image/jpeg');
    expect(low.meta).toMatchObject({ width: 800, height: 600 });
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('serves a repeated rendition from the on-disk cache', async () => {
    const url = publicUrl({ transform: { width: 321, height: 123 } });
    const first = await render(url);
    expect(first.response.headers.get('x-render-cache')).toBe('miss');
    const second = await render(url);
    expect(second.response.headers.get('x-render-cache')).toBe('hit');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.meta).toMatchObject({ format: 'webp', width: 321, height: 123 });
    const cached = await readdir(path.join(paths.data, 'storage', 'renders', version));
    expect(cached.length).toBeGreaterThan(0);
    // A different Accept is a different rendition, not a cache hit of the WebP one.
    const jpeg = await render(url, 'image/jpeg');
    expect(jpeg.response.headers.get('x-render-cache')).toBe('miss');
    expect(jpeg.meta?.format).toBe('jpeg');
  });

  it('rejects bad options and sources that are no image, with storage-api errors', async () => {
    const bad = await fetch(publicUrl({ transform: { width: 100, resize: 'stretch' as 'fill' } }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', message: 'querystring/resize must be equal to one of the allowed values' });

    await serviceClient().storage.from(PHOTOS).upload('notes.txt', 'geen foto', { contentType: 'text/plain', upsert: true });
    const text = await fetch(
      anonClient()
        .storage.from(PHOTOS)
        .getPublicUrl('notes.txt', { transform: { width: 100 } }).data.publicUrl,
    );
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ statusCode: '400', message: 'The source image is invalid or unsupported for rendering' });

    const missing = await fetch(
      anonClient()
        .storage.from(PHOTOS)
        .getPublicUrl('nope.jpg', { transform: { width: 100 } }).data.publicUrl,
    );
    expect(await missing.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});

describe('private renders', () => {
  it('renders for the owner through download({ transform }) and not for anyone else', async () => {
    const file = `${user.id}/photo.jpg`;
    const { data, error } = await user.client.storage.from(PRIVATE).download(file, { transform: { width: 120, height: 90 } });
    expect(error).toBeNull();
    expect(await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 90 });

    const anon = await anonClient()
      .storage.from(PRIVATE)
      .download(file, { transform: { width: 120 } });
    expect(anon.data).toBeNull();
    const publicTry = await fetch(
      anonClient()
        .storage.from(PRIVATE)
        .getPublicUrl(file, { transform: { width: 120 } }).data.publicUrl,
    );
    expect(await publicTry.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('renders through a signed URL with the transformation signed into it', async () => {
    const file = `${user.id}/photo.jpg`;
    const { data } = await user.client.storage.from(PRIVATE).createSignedUrl(file, 60, { transform: { width: 100, height: 100, resize: 'cover' } });
    expect(data!.signedUrl).toContain(`/render/image/sign/${PRIVATE}/${file}?token=`);
    const { response, meta } = await render(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 100 });

    // Changing the size in the URL changes nothing: the token decides.
    const widened = await render(`${data!.signedUrl}&width=500`);
    expect(widened.meta).toMatchObject({ width: 100, height: 100 });
  });
});
