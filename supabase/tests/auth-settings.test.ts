// config.toml's account protection as the running stack applies it:
// with secure_password_change on, a session older than 24 hours changes the password only with
// the code the auth server mails on reauthenticate(); a fresh one does not need it. The settings
// read from config.toml are the production ones (no nonce check skipped, confirmations on).
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../stack/config.ts';
import { loadSettings } from '../stack/auth/settings.ts';
import { latestMail, mailCount } from '../stack/auth/test-support.ts';
import { anonClient, closePool, createUser, sql } from './support.ts';

afterAll(closePool);

async function customerWithPassword(password: string) {
  const user = await createUser('customer');
  await sql(`update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 4)) where id = $1`, [user.id, password]);
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email: user.email, password });
  expect(signedIn.error).toBeNull();
  return { user, client };
}

describe('config.toml', () => {
  it('holds the production settings, and the auth server reads them', () => {
    const auth = (parse(readFileSync(paths.configToml, 'utf8')) as { auth: Record<string, Record<string, unknown> & { google?: Record<string, unknown> }> }).auth;
    expect(auth.email).toMatchObject({ secure_password_change: true, enable_confirmations: true });
    expect((auth.external as Record<string, Record<string, unknown>>).google!.skip_nonce_check).toBe(false);
    expect(auth.enable_refresh_token_rotation).toBe(true);
    expect(loadSettings()).toMatchObject({ securePasswordChange: true, minimumPasswordLength: auth.minimum_password_length, otpExpirySeconds: auth.email?.otp_expiry });
  });
});

describe('a password change (secure_password_change)', () => {
  it('needs no code in a session of today', async () => {
    const { client } = await customerWithPassword('geheim123');
    expect((await client.auth.updateUser({ password: 'nieuw-geheim1' })).error).toBeNull();
  });

  it('needs the mailed code in a session older than 24 hours, and then works once', async () => {
    const { user, client } = await customerWithPassword('geheim123');
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [user.id]);
    const before = await mailCount(user.email);

    const refused = await client.auth.updateUser({ password: 'overgenomen1' });
    expect(refused.error?.code).toBe('reauthentication_needed');
    expect((await anonClient().auth.signInWithPassword({ email: user.email, password: 'overgenomen1' })).error).not.toBeNull();

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(user.email);
    expect(await mailCount(user.email)).toBe(before + 1);
    const code = /Je code: (\d{6})/.exec(mail.Text)![1]!;
    expect((await client.auth.updateUser({ password: 'nieuw-geheim2', nonce: code })).error).toBeNull();
    expect((await client.auth.updateUser({ password: 'nieuw-geheim3', nonce: code })).error?.code).toBe('reauthentication_not_valid');
    expect((await anonClient().auth.signInWithPassword({ email: user.email, password: 'nieuw-geheim2' })).error).toBeNull();
  });
});
