// The running local stack, for the integration tests of the shared core and the apps: its URLs
// and keys are the local defaults (so PODIUM_PORT_BASE and the other overrides apply), mails are
// read from its mail catcher over HTTP, the database tests' helpers make users and artists, and
// clients are the real supabase-js the apps use.
import { localUrls } from './local-stack.ts';
import { localKeys } from './local-stack-node.ts';
import { createNodeClient } from './supabase-node.ts';

export const urls = localUrls(process.env);
export const keys = localKeys(process.env);

export { latestMail, linksIn, mailCount, verifyLink, type MailMessage } from './mail-catcher.test-support.ts';
export { closePool, createArtist, createUser, sql, type TestUser } from '../../supabase/tests/support.ts';

export const uniqueEmail = (tag = 'user') => `${tag}-${crypto.randomUUID()}@example.com`;

/** Follows a link without following its redirect; returns the Location. */
export async function locationOf(url: string, init: RequestInit = {}): Promise<{ status: number; location: string }> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

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
