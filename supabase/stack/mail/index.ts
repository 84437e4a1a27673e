// The local mail catcher (what Inbucket/Mailpit are to `supabase start`): an SMTP server that
// accepts every message for every recipient, keeps the newest ones on disk, and shows them in a
// web page and a JSON API shaped like Mailpit's v1 (see ./http.ts and ./types.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { log } from '../log.ts';
import { createHandler } from './http.ts';
import { MailStore } from './store.ts';

export type { MailAddress, MailAttachment, MessageDetail, MessageSummary, MessagesResponse } from './types.ts';

export interface MailCatcherOptions {
  smtpPort: number;
  httpPort: number;
  /** The stack's data directory; messages live in `${dataDir}/mail/`. */
  dataDir: string;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** How many messages to keep (oldest dropped first); 1000 by default. */
  maxMessages?: number;
  /** Largest message accepted, in bytes; 10 MiB by default. */
  maxMessageSize?: number;
}

export interface MailCatcher {
  /** The ports actually bound (useful when 0 was passed). */
  smtpPort: number;
  httpPort: number;
  /** Base URL of the web page and API, e.g. http://127.0.0.1:54324. */
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_MAX_MESSAGES = 1000;
export const DEFAULT_MAX_MESSAGE_SIZE = 10 * 1024 * 1024;

export async function startMailCatcher(opts: MailCatcherOptions): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const maxSize = opts.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
  const store = new MailStore(path.join(opts.dataDir, 'mail'), opts.maxMessages ?? DEFAULT_MAX_MESSAGES);
  await store.load();

  const smtp = new SMTPServer({
    name: 'podium-mail.local',
    banner: 'Podium Mail (local catcher, nothing is delivered)',
    secure: false,
    disabledCommands: ['STARTTLS'],
    // No authentication needed, but a client configured with credentials gets in with any.
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    size: maxSize,
    rejectOversized: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 2000,
    onData(stream, session, callback) {
      receive(stream, session, maxSize, store).then(
        (message) => callback(null, message),
        (error: Error) => callback(error),
      );
    },
  });
  smtp.on('error', (error: Error) => log('mail', `SMTP error: ${error.message}`));

  const api = { store, smtpHost: host, smtpPort: opts.smtpPort };
  const http = createServer(createHandler(api));
  http.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  let smtpPort: number;
  let httpPort: number;
  try {
    smtpPort = await listen((port, h, cb) => smtp.listen(port, h, cb), smtp.server, opts.smtpPort, host);
  } catch (error) {
    throw new Error(`mail: cannot listen for SMTP on ${host}:${opts.smtpPort}: ${(error as Error).message}`);
  }
  api.smtpPort = smtpPort; // the bound port, shown on the web page
  try {
    httpPort = await listen((port, h, cb) => http.listen(port, h, cb), http, opts.httpPort, host);
  } catch (error) {
    await closeSmtp(smtp);
    throw new Error(`mail: cannot listen for HTTP on ${host}:${opts.httpPort}: ${(error as Error).message}`);
  }
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${httpPort}`;
  log('mail', `SMTP on ${host}:${smtpPort}, web UI and API on ${url} (${store.total} stored message${store.total === 1 ? '' : 's'})`);

  let closing: Promise<void> | undefined;
  return {
    smtpPort,
    httpPort,
    url,
    close() {
      closing ??= (async () => {
        await Promise.all([closeSmtp(smtp), closeHttp(http)]);
        await store.flush();
      })();
      return closing;
    },
  };
}

async function receive(stream: SMTPServerDataStream, session: SMTPServerSession, maxSize: number, store: MailStore): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxSize) chunks.push(chunk); // beyond the limit, drain without keeping
    });
    stream.once('end', resolve);
    stream.once('error', reject);
  });
  const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  if (stream.sizeExceeded || size > maxSize) {
    log('mail', `refused a message of ${size} bytes from ${envelopeFrom || '<>'} (limit ${maxSize})`);
    throw smtpError(552, `5.3.4 Message too big: ${size} bytes, the limit is ${maxSize} bytes`);
  }
  let record;
  try {
    record = await store.add(Buffer.concat(chunks, size), {
      Username: typeof session.user === 'string' ? session.user : '',
      envelope: { From: envelopeFrom, To: envelopeTo },
    });
  } catch (error) {
    const message = (error as Error).message;
    log('mail', `could not store a message from ${envelopeFrom || '<>'}: ${message}`);
    // Parser limits (nesting, header size) are permanent; a failing disk is not.
    if ((error as NodeJS.ErrnoException).code) throw smtpError(451, '4.3.0 Could not store the message, try again later');
    throw smtpError(554, `5.6.0 Message could not be parsed: ${message}`);
  }
  const to = [...record.To, ...record.Cc].map((a) => a.Address).join(', ') || envelopeTo.join(', ');
  log('mail', `received ${record.ID}: "${record.Subject}" from ${record.From?.Address ?? envelopeFrom} to ${to} (${record.Size} bytes)`);
  return `OK: queued as ${record.ID}`;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

function listen(
  start: (port: number, host: string, callback: () => void) => void,
  server: { once(event: 'error', listener: (error: Error) => void): unknown; off(event: 'error', listener: (error: Error) => void): unknown; address(): AddressInfo | string | null },
  port: number,
  host: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    start(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function closeSmtp(smtp: SMTPServer): Promise<void> {
  return new Promise((resolve) => smtp.close(() => resolve()));
}

function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
