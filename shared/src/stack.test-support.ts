// The running local stack, for the integration tests of the shared core: its URLs and keys come
// from the stack's own config (so PODIUM_PORT_BASE and the other overrides apply), its test
// helpers make users and artists, and clients are the real supabase-js the apps use.
import { createNodeClient } from './supabase-node.ts';
import { keys, urls } from '../../supabase/stack/config.ts';

export { keys, urls };
export { latestMail, linksIn, locationOf, mailCount, uniqueEmail, verifyLink } from '../../supabase/stack/auth/test-support.ts';
export { closePool, createArtist, createUser, sql, type TestUser } from '../../supabase/tests/support.ts';

/** A fresh anonymous client, as a browser tab starts. */
export const anonClient = () => createNodeClient(urls.api, keys.anon);
export const serviceClient = () => createNodeClient(urls.api, keys.serviceRole);

/** A confirmed user with a password, made through the auth admin API (the profile trigger does the rest). */
export async function createPasswordUser(role: 'customer' | 'artist' = 'customer', names = { first_name: 'Anna', last_name: 'de Vries' }) {
  const email = `core-${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'geheim123';
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { ...names, role, terms_accepted: true },
  });
  if (error || !data.user) throw new Error(`creating ${email} failed: ${error?.message}`);
  return { id: data.user.id, email, password };
}

export async function deleteAuthUser(id: string) {
  await serviceClient().auth.admin.deleteUser(id);
}

/** Waits until `probe` gives a truthy value (or fails after `timeoutMs`). */
export async function eventually<T>(probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export { memoryStorage } from './memory-storage.test-support.ts';
