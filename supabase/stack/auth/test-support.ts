// Test support for the Auth service: where to reach it, the mail catcher, and small helpers.
// Tests talk to the gateway of the running stack (http://127.0.0.1:54321). When the stack's
// gateway does not serve /auth/v1 (for instance while it runs an older build), they mount the
// service on a local HTTP server of their own, against the same database and mail catcher.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import ws from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { db, keys, urls } from '../config.ts';
import type { MessageDetail, MessagesResponse } from '../mail/types.ts';
import { createAuthService, type AuthServiceOptions } from './index.ts';

export interface AuthTarget {
  /** Base URL that supabase-js is pointed at (the part before /auth/v1). */
  url: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

async function gatewayServesAuth(): Promise<boolean> {
  try {
    const response = await fetch(`${urls.api}/auth/v1/health`, { headers: { apikey: keys.anon } });
    const body = (await response.json()) as { name?: string };
    return response.ok && body.name === 'GoTrue';
  } catch {
    return false;
  }
}

/** A local server that mounts the service like the gateway does (prefix stripped). */
export async function startLocalAuth(options: AuthServiceOptions = {}): Promise<AuthTarget> {
  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = createAuthService({ pool }, { ...options, settings: { externalUrl: `${url}/auth/v1`, ...options.settings } });
  server.on('request', (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    if (!req.url?.startsWith('/auth/v1')) {
      res.writeHead(404).end();
      return;
    }
    req.url = req.url.slice('/auth/v1'.length) || '/';
    void service.handle(req, res);
  });
  return {
    url,
    pool,
    async close() {
      await service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

/** The running stack's auth, through the gateway as apps reach it. */
export async function authTarget(): Promise<AuthTarget> {
  if (!(await gatewayServesAuth())) throw new Error(`auth does not answer at ${urls.api}/auth/v1: start the stack first (npm start)`);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  return { url: urls.api, pool, close: () => pool.end() };
}

export function client(target: AuthTarget, flowType: 'implicit' | 'pkce' = 'implicit', key = keys.anon): SupabaseClient {
  return createClient(target.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: ws as never },
  });
}

/** A client with in-memory storage, as PKCE needs somewhere to keep its code verifier. */
export function pkceClient(target: AuthTarget): SupabaseClient {
  const memory = new Map<string, string>();
  return createClient(target.url, keys.anon, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: 'pkce',
      storage: {
        getItem: (key: string) => memory.get(key) ?? null,
        setItem: (key: string, value: string) => void memory.set(key, value),
        removeItem: (key: string) => void memory.delete(key),
      },
    },
    realtime: { transport: ws as never },
  });
}

export const uniqueEmail = (tag = 'user') => `${tag}-${crypto.randomUUID()}@example.com`;

/** Polls the mail catcher for the newest mail to `address` (newer than `after`, if given). */
export async function latestMail(address: string, { after, timeoutMs = 10_000 }: { after?: string; timeoutMs?: number } = {}): Promise<MessageDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    if (response.ok) {
      const list = (await response.json()) as MessagesResponse;
      const newest = [...list.messages].sort((a, b) => b.Created.localeCompare(a.Created))[0];
      if (newest && newest.ID !== after) {
        const detail = await fetch(`${urls.mail}/api/v1/message/${newest.ID}`);
        if (detail.ok) return (await detail.json()) as MessageDetail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function mailCount(address: string): Promise<number> {
  const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  if (!response.ok) return 0;
  return ((await response.json()) as MessagesResponse).messages_count;
}

/** The links of a mail's text part. */
export function linksIn(mail: MessageDetail): string[] {
  return [...mail.Text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

export function verifyLink(mail: MessageDetail): string {
  const link = linksIn(mail).find((candidate) => candidate.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in mail "${mail.Subject}"`);
  return link;
}

/** Follows a link without following its redirect; returns the Location. */
export async function locationOf(url: string, init: RequestInit = {}): Promise<{ status: number; location: string }> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}
