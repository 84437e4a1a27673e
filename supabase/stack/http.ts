// Small HTTP helpers the stack's servers share.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

/** As Kong does: the client's address appended to X-Forwarded-For, host and protocol kept. */
export function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    'x-forwarded-for': [first(req.headers['x-forwarded-for']), req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-host': first(req.headers['x-forwarded-host']) ?? req.headers.host ?? '',
    'x-forwarded-proto': first(req.headers['x-forwarded-proto']) ?? 'http',
  };
}
