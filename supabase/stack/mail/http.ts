// The catcher's HTTP side: a JSON API shaped like Mailpit's v1 and the web page at `/`.
// Every request gets an answer; bad input is a 4xx JSON `{ "error": "..." }`, never a crash.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson as sendJsonWith } from '../http.ts';
import { log } from '../log.ts';
import { extractPart, type StoredMessage } from './parse.ts';
import { compileQuery, type Matcher } from './search.ts';
import { commonFields, isMessageId, summarise, type MailStore } from './store.ts';
import type { MessageDetail, MessagesResponse } from './types.ts';
import { renderPage } from './ui.ts';

/** API answers are never cached: the mailbox changes under them. */
const sendJson = (res: ServerResponse, status: number, body: unknown) => sendJsonWith(res, status, body, { 'cache-control': 'no-store' });

const DEFAULT_LIMIT = 50;
const MAX_BODY = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ApiOptions {
  store: MailStore;
  smtpHost: string;
  smtpPort: number;
}

export function createHandler(options: ApiOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await route(options, req, res);
    } catch (error) {
      if (error instanceof HttpError) {
        const allowed = error.extra.allow;
        if (Array.isArray(allowed)) res.setHeader('allow', allowed.join(', '));
        sendJson(res, error.status, { error: error.message, ...error.extra });
        return;
      }
      log('mail', `HTTP ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    }
  };
}

async function route({ store, smtpHost, smtpPort }: ApiOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://mail.local');
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);

  if (pathname === '/' || pathname === '/index.html') {
    allow(method, ['GET']);
    const nonce = randomBytes(16).toString('base64');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // The mail iframe (srcdoc) inherits this policy; its own sandbox already forbids scripts.
      'content-security-policy': [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        "style-src 'unsafe-inline' http: https:",
        'img-src * data: blob:',
        'font-src * data:',
        "connect-src 'self'",
        "frame-src 'self' about:",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
    });
    res.end(renderPage({ nonce, smtp: `${smtpHost}:${smtpPort}` }));
    return;
  }
  if (pathname === '/favicon.ico') {
    res.writeHead(204).end();
    return;
  }
  if (pathname === '/health' || pathname === '/livez' || pathname === '/readyz') {
    allow(method, ['GET']);
    sendJson(res, 200, { status: 'ok', messages: store.total });
    return;
  }
  if (parts[0] !== 'api' || parts[1] !== 'v1') throw new HttpError(404, `no such route: ${pathname}`);
  const [resource, id, sub, subId, ...rest] = parts.slice(2);

  if (resource === 'info' && !id) {
    allow(method, ['GET']);
    sendJson(res, 200, { Version: 'podium-mail', Messages: store.total, Unread: store.unread, SMTP: `${smtpHost}:${smtpPort}` });
    return;
  }

  if (resource === 'messages' && !id) {
    allow(method, ['GET', 'DELETE', 'PUT']);
    if (method === 'GET') {
      sendJson(res, 200, page(store, url, undefined));
    } else if (method === 'DELETE') {
      const body = await readJson(req);
      const ids = body === undefined ? store.allIds() : requireIds(body, false);
      const unknown = ids.filter((candidate) => !store.get(candidate) || candidate === 'latest');
      if (unknown.length) throw new HttpError(404, 'unknown message ID', { IDs: unknown });
      sendJson(res, 200, { deleted: await store.delete(ids) });
    } else {
      const body = await readJson(req);
      if (!isRecord(body) || typeof body.Read !== 'boolean') throw new HttpError(400, 'expected a JSON body like { "IDs": ["…"], "Read": true }');
      const ids = 'IDs' in body ? requireIds(body, true) : store.allIds();
      const unknown = ids.filter((candidate) => !store.get(candidate) || candidate === 'latest');
      if (unknown.length) throw new HttpError(404, 'unknown message ID', { IDs: unknown });
      await store.setRead(ids, body.Read);
      sendJson(res, 200, { updated: ids.length });
    }
    return;
  }

  if (resource === 'search' && !id) {
    allow(method, ['GET', 'DELETE']);
    const query = url.searchParams.get('query')?.trim() ?? '';
    if (!query) throw new HttpError(400, 'missing ?query= (e.g. to:jan@example.nl subject:"Welkom")');
    const matcher = compileQuery(query);
    if (typeof matcher !== 'function') throw new HttpError(400, matcher.error);
    if (method === 'GET') sendJson(res, 200, page(store, url, matcher));
    else sendJson(res, 200, { deleted: await store.delete(store.list(matcher).map((m) => m.ID)) });
    return;
  }

  if (resource === 'message' && id && rest.length === 0) {
    const message = id === 'latest' || isMessageId(id) ? store.get(id) : undefined;
    if (!message) throw new HttpError(404, `message not found: ${id}`);
    if (!sub) {
      allow(method, ['GET', 'DELETE']);
      if (method === 'DELETE') {
        sendJson(res, 200, { deleted: await store.delete([message.ID]) });
        return;
      }
      if (url.searchParams.get('read') !== 'false') await store.setRead([message.ID], true);
      sendJson(res, 200, detail(message));
      return;
    }
    allow(method, ['GET']);
    if (sub === 'headers' && !subId) {
      sendJson(res, 200, message.Headers);
      return;
    }
    if (sub === 'raw' && !subId) {
      const raw = await store.readRaw(message.ID);
      if (!raw) throw new HttpError(404, `raw message not found: ${message.ID}`);
      const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
      if (url.searchParams.has('dl')) headers['content-disposition'] = `attachment; filename="${message.ID}.eml"`;
      res.writeHead(200, headers).end(raw);
      return;
    }
    if (sub === 'part' && subId) {
      const raw = await store.readRaw(message.ID);
      const part = raw ? await extractPart(raw, subId) : undefined;
      if (!part) throw new HttpError(404, `part not found: ${subId}`);
      const name = part.attachment.FileName || `part-${subId}`;
      res
        .writeHead(200, {
          'content-type': part.attachment.ContentType || 'application/octet-stream',
          'content-disposition': `${url.searchParams.has('dl') ? 'attachment' : 'inline'}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          'x-content-type-options': 'nosniff',
          // An HTML attachment must not run scripts on this origin.
          'content-security-policy': 'sandbox',
        })
        .end(part.content);
      return;
    }
  }
  throw new HttpError(404, `no such route: ${pathname}`);
}

function page(store: MailStore, url: URL, matcher: Matcher | undefined): MessagesResponse {
  const limit = intParam(url, 'limit', DEFAULT_LIMIT);
  const start = intParam(url, 'start', 0);
  const matching = store.list(matcher);
  const messages = (limit === 0 ? matching.slice(start) : matching.slice(start, start + limit)).map(summarise);
  return { total: store.total, unread: store.unread, messages_count: matching.length, count: messages.length, start, messages };
}

function detail(m: StoredMessage): MessageDetail {
  const { ReturnPath, Date, Text, HTML, Headers, Envelope, Inline, Attachments } = m;
  return { ...commonFields(m), ReturnPath, Date, Text, HTML, Headers, Envelope, Inline, Attachments };
}

function intParam(url: URL, name: string, fallback: number): number {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new HttpError(400, `?${name}= must be a non-negative integer`);
  return Number(value);
}

function requireIds(body: unknown, allowEmpty: boolean): string[] {
  if (!isRecord(body) || !Array.isArray(body.IDs) || !body.IDs.every((x): x is string => typeof x === 'string')) {
    throw new HttpError(400, 'expected a JSON body like { "IDs": ["…"] }');
  }
  if (!allowEmpty && body.IDs.length === 0) throw new HttpError(400, 'IDs is empty; send no body to delete every message');
  return [...new Set(body.IDs)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as JSON, or undefined when there is none. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'malformed JSON body');
  }
}

function allow(method: string, methods: string[]): void {
  if (!methods.includes(method)) throw new HttpError(405, `method ${method} not allowed here`, { allow: methods });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
