// Requests from a network address of their own. The contact-request function counts requests per
// address as the gateway sees the connection (the last X-Forwarded-For entry, which a client cannot
// write), so tests that are different visitors connect from different addresses: every address of
// 127.0.0.0/8 reaches this machine, and a socket bound to one of them is seen as coming from it.
import { request } from 'node:http';

const below = (n: number) => Math.floor(Math.random() * n);

/** A random loopback address other than 127.0.0.1: a visitor of its own. */
export const ownLoopbackAddress = () => `127.${1 + below(250)}.${below(256)}.${1 + below(250)}`;

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body read as JSON, as fetch's Response.json(). */
  json(): Promise<unknown>;
}

/** An HTTP request (http: only, as the local stack serves) whose socket is bound to `localAddress`. */
export function fetchFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers, text, json: async () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
