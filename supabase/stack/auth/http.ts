// HTTP plumbing for the Auth service: GoTrue-shaped errors, JSON bodies with a size limit,
// redirects, and the request facts (IP, user agent) that sessions and rate limits need.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

/** An error GoTrue would answer with `{code, error_code, msg}` (or `{code, message}` for API version 2024-01-01). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooMany = (code: string, msg: string) => new AuthError(429, code, msg);
export const internal = (msg: string) => new AuthError(500, 'unexpected_failure', msg);

/** An error that has to be answered after the transaction that produced it commits (GoTrue's NewCommitWithError). */
export class CommitWithError extends Error {
  constructor(readonly error: AuthError) {
    super(error.message);
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version';

/** True when the client asked for API version 2024-01-01 or later (supabase-js always does). */
export function usesApiVersion2024(req: IncomingMessage): boolean {
  const value = header(req, API_VERSION_HEADER);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return value >= '2024-01-01';
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** GoTrue's JSON answers (its content type has no charset). */
export function sendJSON(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (!res.headersSent) sendJson(res, status, body, { 'content-type': 'application/json', ...headers });
}

export function sendNoContent(res: ServerResponse) {
  if (res.headersSent) return;
  res.writeHead(204);
  res.end();
}

export function sendHTML(res: ServerResponse, status: number, html: string) {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, status: 302 | 303, location: string) {
  if (res.headersSent) return;
  res.writeHead(status, { location, 'content-length': 0 });
  res.end();
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: AuthError) {
  const headers: Record<string, string> = { 'x-sb-error-code': error.errorCode };
  if (usesApiVersion2024(req)) {
    headers[API_VERSION_HEADER] = '2024-01-01';
    sendJSON(res, error.status, { code: error.errorCode, message: error.message, ...error.extra }, headers);
  } else {
    sendJSON(res, error.status, { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra }, headers);
  }
}

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole body; 413 past the limit, like GoTrue's request-size guard. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(header(req, 'content-length') ?? '0');
  if (declared > limit) {
    req.resume();
    throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${limit} bytes)`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${limit} bytes)`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export type JSONObject = Record<string, unknown>;

/**
 * Parses a JSON object body. An empty body counts as `{}` (GoTrue does the same); form-encoded
 * bodies are accepted too (the sandbox consent page posts a form).
 */
export async function readParams(req: IncomingMessage): Promise<JSONObject> {
  const body = await readBody(req);
  const text = body.toString('utf8');
  const type = header(req, 'content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed;
    throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`);
  }
  return parsed as JSONObject;
}

/** Reads an optional string field, rejecting other JSON types like Go's decoder would. */
export function str(params: JSONObject, key: string): string {
  const value = params[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(value)} into Go struct field .${key} of type string`);
  }
  return value;
}

/** Reads an optional JSON object field. */
export function obj(params: JSONObject, key: string): JSONObject | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(value)} into Go struct field .${key} of type map[string]interface {}`);
  }
  return value as JSONObject;
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** The client's IP as the gateway saw it. */
export function clientIP(req: IncomingMessage): string {
  const forwarded = header(req, 'x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  const ip = first || req.socket.remoteAddress || '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function userAgent(req: IncomingMessage): string {
  return header(req, 'user-agent') ?? '';
}

/** Bearer token from the Authorization header, or undefined. */
export function bearer(req: IncomingMessage): string | undefined {
  const value = header(req, 'authorization');
  if (!value) return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}
