// Rate limits, SMTP failures and transactions, on a local mount of the service with small
// limits and a mailer that fails on demand (the stack's own instance keeps generous defaults).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../config.ts';
import type { Mailer, MailInput } from './mail.ts';
import { client, startLocalAuth, uniqueEmail, type AuthTarget } from './test-support.ts';

let target: AuthTarget;
let failing = false;
const sent: MailInput[] = [];
const mailer: Mailer = {
  async send(input) {
    if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:54325');
    sent.push(input);
  },
  close() {},
};

beforeAll(async () => {
  target = await startLocalAuth({
    mailer,
    settings: { rateLimits: { emailPerAddressPerHour: 2, tokenPerIpPer5Min: 5, verifyPerIpPer5Min: 1000 }, emailMaxFrequencySeconds: 0 },
  });
});
afterAll(async () => {
  await target?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${target.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: keys.anon, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('limits and failures', () => {
  it('writes nothing and answers 500 like GoTrue when the confirmation mail cannot be sent', async () => {
    const email = uniqueEmail('smtpfail');
    failing = true;
    try {
      const response = await post('/signup', { email, password: 'geheim123' });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 500, error_code: 'unexpected_failure', msg: 'Error sending confirmation email' });
      const { rows } = await target.pool.query('select 1 from auth.users where email = $1', [email]);
      expect(rows).toHaveLength(0);
      // supabase-js reports it as a retryable fetch error with the message.
      const { error } = await client(target).auth.signUp({ email, password: 'geheim123' });
      expect(error?.message).toBe('Error sending confirmation email');
    } finally {
      failing = false;
    }
  });

  it('limits e-mails per address per hour (429 over_email_send_rate_limit)', async () => {
    const email = uniqueEmail('ratelimit');
    expect((await post('/signup', { email, password: 'geheim123' })).status).toBe(200);
    expect((await post('/resend', { type: 'signup', email })).status).toBe(200);
    const third = await post('/resend', { type: 'signup', email });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error_code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' });
  });

  it('limits token requests per IP (429 over_request_rate_limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post('/token?grant_type=password', { email: uniqueEmail('x'), password: 'nope123' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const { error } = await client(target).auth.signInWithPassword({ email: uniqueEmail('y'), password: 'nope123' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });
});
