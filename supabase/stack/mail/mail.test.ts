import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher, type MessageDetail, type MessagesResponse } from './index.ts';

let dataDir: string;
let catcher: MailCatcher;

async function start(extra: { maxMessages?: number; maxMessageSize?: number } = {}) {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, dataDir, ...extra });
  return catcher;
}

function send(message: nodemailer.SendMailOptions, transport: SMTPTransport.Options = {}) {
  const transporter = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false, ignoreTLS: true, ...transport });
  return transporter.sendMail({ from: 'Podium <noreply@podium.nl>', ...message }).finally(() => transporter.close());
}

async function api<T = unknown>(route: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(catcher.url + route, init);
  const text = await res.text();
  let body: unknown = text;
  if (res.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text);
  return { status: res.status, body: body as T, headers: res.headers };
}

const list = async (query = '') => (await api<MessagesResponse>(`/api/v1/messages${query}`)).body;
const search = async (query: string) => api<MessagesResponse & { error?: string }>(`/api/v1/search?query=${encodeURIComponent(query)}`);

const dutchMail = {
  from: '"Podium Boekingen" <boekingen@podium.nl>',
  to: '"Zoë van der Berg" <zoe@voorbeeld.nl>',
  subject: 'Je boeking is bevestigd 🎸 — €125 voor Café Ëxtra',
  text: 'Hoi Zoë,\n\nJe optreden in Café Ëxtra is bevestigd. Gage: €125,00 🎉\nBekijk je boeking: https://podium.nl/boekingen/42\n\nGroeten,\nPodium',
  html: '<!doctype html><html><head><title>Bevestiging</title></head><body><h1>Hoi Zoë!</h1><p>Je optreden in <b>Café Ëxtra</b> is bevestigd. Gage: €125,00 🎉</p><p><a href="https://podium.nl/boekingen/42">Bekijk je boeking</a></p></body></html>',
};

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'podium-mail-'));
});

afterEach(async () => {
  await catcher?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail catcher', () => {
  it('starts empty and answers /health', async () => {
    await start();
    expect((await api('/health')).body).toEqual({ status: 'ok', messages: 0 });
    expect(await list()).toEqual({ total: 0, unread: 0, messages_count: 0, count: 0, start: 0, messages: [] });
  });

  it('receives a multipart Dutch UTF-8 mail and serves it list → detail → raw', async () => {
    await start();
    const info = await send(dutchMail);
    expect(info.response).toMatch(/^250 /);

    const page = await list();
    expect(page).toMatchObject({ total: 1, unread: 1, count: 1, start: 0 });
    const summary = page.messages[0]!;
    expect(summary).toMatchObject({
      From: { Name: 'Podium Boekingen', Address: 'boekingen@podium.nl' },
      To: [{ Name: 'Zoë van der Berg', Address: 'zoe@voorbeeld.nl' }],
      Cc: [],
      Subject: dutchMail.subject,
      Read: false,
      Attachments: 0,
    });
    expect(summary.MessageID).toBe(info.messageId.replace(/^<|>$/g, ''));
    expect(summary.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(summary.Snippet).toContain('Gage: €125,00 🎉');
    expect(summary.Size).toBeGreaterThan(500);
    expect(Date.now() - Date.parse(summary.Created)).toBeLessThan(10_000);

    const { status, body } = await api<MessageDetail>(`/api/v1/message/${summary.ID}`);
    expect(status).toBe(200);
    expect(body.Text).toContain('Je optreden in Café Ëxtra is bevestigd. Gage: €125,00 🎉');
    expect(body.HTML).toContain('<a href="https://podium.nl/boekingen/42">Bekijk je boeking</a>');
    expect(body.HTML).toContain('Hoi Zoë!');
    expect(body.Subject).toBe(dutchMail.subject);
    expect(Number.isNaN(Date.parse(body.Date))).toBe(false);
    expect(body.Headers.Subject).toEqual([dutchMail.subject]);
    expect(body.Headers['Content-Type']?.[0]).toMatch(/^multipart\/alternative/);
    expect(body.Envelope).toEqual({ From: 'boekingen@podium.nl', To: ['zoe@voorbeeld.nl'] });
    expect(body.Read).toBe(true);
    expect((await list()).unread).toBe(0);

    const headers = await api<Record<string, string[]>>(`/api/v1/message/${summary.ID}/headers`);
    expect(headers.body.From).toEqual(['Podium Boekingen <boekingen@podium.nl>']);

    const raw = await api<string>(`/api/v1/message/${summary.ID}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.body).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(raw.body).toContain('Content-Type: text/html');

    const latest = await api<MessageDetail>('/api/v1/message/latest');
    expect(latest.body.ID).toBe(summary.ID);
  });

  it('lists newest first with limit/start paging and reports Cc and envelope-only Bcc', async () => {
    await start();
    for (let i = 1; i <= 5; i += 1) await send({ to: `fan${i}@voorbeeld.nl`, subject: `Nieuwsbrief ${i}`, text: `nummer ${i}` });
    await send({ to: 'a@voorbeeld.nl', cc: 'Manager <b@voorbeeld.nl>', bcc: 'geheim@voorbeeld.nl', subject: 'Met kopie', text: 'x' });

    const all = await list();
    expect(all.messages.map((m) => m.Subject)).toEqual(['Met kopie', 'Nieuwsbrief 5', 'Nieuwsbrief 4', 'Nieuwsbrief 3', 'Nieuwsbrief 2', 'Nieuwsbrief 1']);
    const first = all.messages[0]!;
    expect(first.Cc).toEqual([{ Name: 'Manager', Address: 'b@voorbeeld.nl' }]);
    expect(first.Bcc).toEqual([{ Name: '', Address: 'geheim@voorbeeld.nl' }]);

    const paged = await list('?limit=2&start=1');
    expect(paged).toMatchObject({ total: 6, messages_count: 6, count: 2, start: 1 });
    expect(paged.messages.map((m) => m.Subject)).toEqual(['Nieuwsbrief 5', 'Nieuwsbrief 4']);
    expect((await list('?start=10')).messages).toEqual([]);
    expect((await api('/api/v1/messages?limit=-1')).status).toBe(400);
    expect((await api('/api/v1/messages?start=abc')).status).toBe(400);
  });

  it('searches with to:, from:, subject:"…", free text, negation and is:', async () => {
    await start();
    await send(dutchMail);
    await send({ from: 'Artiest <band@rockers.nl>', to: 'jan@voorbeeld.nl', subject: 'Bevestig je e-mailadres', text: 'Je code is 123456', html: '<p>Je code is <b>123456</b></p>' });
    await send({ to: 'jan@voorbeeld.nl', subject: 'Wachtwoord herstellen', text: 'Klik op de link om je wachtwoord te herstellen.' });

    const subjects = async (query: string) => {
      const res = await search(query);
      expect(res.status, res.body.error).toBe(200);
      return res.body.messages.map((m) => m.Subject);
    };
    expect(await subjects('to:jan@voorbeeld.nl')).toEqual(['Wachtwoord herstellen', 'Bevestig je e-mailadres']);
    expect(await subjects('to:ZOE@voorbeeld.nl')).toEqual([dutchMail.subject]);
    expect(await subjects('from:band@rockers.nl')).toEqual(['Bevestig je e-mailadres']);
    expect(await subjects('from:boekingen@podium.nl')).toEqual([dutchMail.subject]);
    expect(await subjects('subject:"Bevestig je e-mailadres"')).toEqual(['Bevestig je e-mailadres']);
    expect(await subjects('subject:"bevestigd 🎸"')).toEqual([dutchMail.subject]);
    expect(await subjects('123456')).toEqual(['Bevestig je e-mailadres']);
    expect(await subjects('"Café Ëxtra" €125')).toEqual([dutchMail.subject]);
    expect(await subjects('to:jan@voorbeeld.nl -subject:wachtwoord')).toEqual(['Bevestig je e-mailadres']);
    expect(await subjects('nergens-te-vinden')).toEqual([]);

    const counted = await search('to:jan@voorbeeld.nl');
    expect(counted.body).toMatchObject({ total: 3, messages_count: 2, count: 2, unread: 3 });

    const id = counted.body.messages[0]!.ID;
    await api(`/api/v1/message/${id}`);
    expect(await subjects('is:read')).toEqual(['Wachtwoord herstellen']);
    expect(await subjects('is:unread')).toHaveLength(2);

    expect((await search('is:kapot')).status).toBe(400);
    expect((await search('after:gisteren')).status).toBe(400);
    expect((await api('/api/v1/search')).status).toBe(400);
    expect((await api('/api/v1/search?query=%20')).status).toBe(400);

    const deleted = await api<{ deleted: number }>(`/api/v1/search?query=${encodeURIComponent('to:jan@voorbeeld.nl')}`, { method: 'DELETE' });
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await list()).total).toBe(1);
  });

  it('deletes by IDs or all, and rejects bad requests with 4xx JSON', async () => {
    await start();
    for (const subject of ['een', 'twee', 'drie']) await send({ to: 'x@voorbeeld.nl', subject, text: subject });
    const [drie, twee] = (await list()).messages;

    const json = { 'content-type': 'application/json' };
    const bad = await api<{ error: string }>('/api/v1/messages', { method: 'DELETE', headers: json, body: '{"IDs": [' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/malformed JSON/);
    expect((await api('/api/v1/messages', { method: 'DELETE', headers: json, body: '{"IDs": "abc"}' })).status).toBe(400);
    expect((await api('/api/v1/messages', { method: 'DELETE', headers: json, body: '{"IDs": []}' })).status).toBe(400);
    const unknown = await api<{ error: string; IDs: string[] }>('/api/v1/messages', {
      method: 'DELETE',
      headers: json,
      body: JSON.stringify({ IDs: [drie!.ID, 'bestaatNietBestaatNiet'] }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.IDs).toEqual(['bestaatNietBestaatNiet']);
    expect((await list()).total).toBe(3); // nothing deleted when one ID is unknown

    const one = await api('/api/v1/messages', { method: 'DELETE', headers: json, body: JSON.stringify({ IDs: [drie!.ID, twee!.ID] }) });
    expect(one).toMatchObject({ status: 200, body: { deleted: 2 } });
    expect((await list()).messages.map((m) => m.Subject)).toEqual(['een']);
    expect((await api(`/api/v1/message/${drie!.ID}`)).status).toBe(404);

    await send({ to: 'x@voorbeeld.nl', subject: 'vier', text: 'vier' });
    const marked = await api('/api/v1/messages', { method: 'PUT', headers: json, body: JSON.stringify({ Read: true }) });
    expect(marked).toMatchObject({ status: 200, body: { updated: 2 } });
    expect((await list()).unread).toBe(0);
    expect((await api('/api/v1/messages', { method: 'PUT', headers: json, body: '{"Read": "ja"}' })).status).toBe(400);

    expect((await api('/api/v1/messages', { method: 'DELETE' })).body).toEqual({ deleted: 2 });
    expect((await list()).total).toBe(0);
    expect(await readdir(path.join(dataDir, 'mail'))).toEqual([]);
  });

  it('answers 404 for unknown IDs and routes, 405 for wrong methods', async () => {
    await start();
    await send({ to: 'x@voorbeeld.nl', subject: 'hallo', text: 'hallo' });
    const { ID } = (await list()).messages[0]!;
    for (const route of [
      '/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA/raw',
      '/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA/headers',
      '/api/v1/message/..%2F..%2Fetc%2Fpasswd/raw',
      '/api/v1/message/%E0%A4%A',
      `/api/v1/message/${ID}/part/0`,
      `/api/v1/message/${ID}/bestaat-niet`,
      '/api/v1/bestaat-niet',
      '/nergens',
    ]) {
      const res = await api<{ error: string }>(route);
      expect(res.status, route).toBe(404);
      expect(typeof res.body.error, route).toBe('string');
    }
    const wrong = await api('/api/v1/message/latest', { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, DELETE');
    expect((await api('/health')).status).toBe(200); // still alive
  });

  it('refuses a message over 10 MB with SMTP 552 and stores nothing', async () => {
    await start();
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const error = await send({ to: 'x@voorbeeld.nl', subject: 'te groot', text: 'zie bijlage', attachments: [{ filename: 'groot.bin', content: big }] }).then(
      () => undefined,
      (err: Error & { responseCode?: number; response?: string }) => err,
    );
    expect(error?.responseCode).toBe(552);
    expect((await list()).total).toBe(0);

    // The server is fine afterwards, and a message with an attachment under the limit goes through.
    await send({
      to: 'x@voorbeeld.nl',
      subject: 'met bijlage',
      text: 'zie bijlage',
      attachments: [{ filename: 'rider-Zoë.pdf', content: Buffer.alloc(2 * 1024 * 1024, 'b'), contentType: 'application/pdf' }],
    });
    const [summary] = (await list()).messages;
    expect(summary).toMatchObject({ Subject: 'met bijlage', Attachments: 1 });
    const detail = (await api<MessageDetail>(`/api/v1/message/${summary!.ID}`)).body;
    expect(detail.Attachments).toEqual([{ PartID: '0', FileName: 'rider-Zoë.pdf', ContentType: 'application/pdf', ContentID: '', Size: 2 * 1024 * 1024 }]);
    const part = await fetch(`${catcher.url}/api/v1/message/${summary!.ID}/part/0?dl=1`);
    expect(part.headers.get('content-type')).toBe('application/pdf');
    expect(part.headers.get('content-disposition')).toContain("filename*=UTF-8''rider-Zo%C3%AB.pdf");
    expect((await part.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
    expect((await search('has:attachment')).body.count).toBe(1);
  });

  it('keeps messages and read state across a restart, and rebuilds a damaged index entry', async () => {
    await start();
    await send(dutchMail);
    await send({ to: 'jan@voorbeeld.nl', subject: 'Tweede', text: 'twee' });
    const before = await list();
    await api(`/api/v1/message/${before.messages[1]!.ID}`); // mark the Dutch one read
    await catcher.close();

    await start();
    const after = await list();
    expect(after.messages.map((m) => m.ID)).toEqual(before.messages.map((m) => m.ID));
    expect(after.messages.map((m) => m.Read)).toEqual([false, true]);
    const detail = (await api<MessageDetail>(`/api/v1/message/${before.messages[1]!.ID}`)).body;
    expect(detail.Text).toContain('€125,00 🎉');
    expect((await api<string>(`/api/v1/message/${detail.ID}/raw`)).body).toContain('Message-ID:');

    await send({ to: 'jan@voorbeeld.nl', subject: 'Derde', text: 'drie' });
    expect((await list()).messages.map((m) => m.Subject)).toEqual(['Derde', 'Tweede', dutchMail.subject]);
    await catcher.close();

    // A crash between writing the raw message and its JSON record leaves a half-written record.
    await writeFile(path.join(dataDir, 'mail', `${detail.ID}.json`), '{"v":1,"ID":');
    await start();
    const rebuilt = (await api<MessageDetail>(`/api/v1/message/${detail.ID}`)).body;
    expect(rebuilt.Subject).toBe(dutchMail.subject);
    expect((await list()).total).toBe(3);
  });

  it('keeps only the newest maxMessages, on disk as well', async () => {
    await start({ maxMessages: 3 });
    for (let i = 1; i <= 5; i += 1) await send({ to: 'x@voorbeeld.nl', subject: `bericht ${i}`, text: String(i) });
    const page = await list();
    expect(page.messages.map((m) => m.Subject)).toEqual(['bericht 5', 'bericht 4', 'bericht 3']);
    const files = (await readdir(path.join(dataDir, 'mail'))).sort();
    expect(files).toEqual(page.messages.flatMap((m) => [`${m.ID}.eml`, `${m.ID}.json`]).sort());
  });

  it('takes concurrent deliveries and refuses a message the parser rejects with 554', async () => {
    await start();
    const pooled = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, ignoreTLS: true, pool: true, maxConnections: 5 });
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => pooled.sendMail({ from: 'a@podium.nl', to: `fan${i}@voorbeeld.nl`, subject: `gelijktijdig ${i}`, text: 'x' })));
    } finally {
      pooled.close();
    }
    const page = await list();
    expect(page.total).toBe(20);
    expect(new Set(page.messages.map((m) => m.ID)).size).toBe(20);

    // 300 nested multiparts exceed postal-mime's nesting limit (256).
    let raw = 'From: a@podium.nl\r\nTo: x@voorbeeld.nl\r\nSubject: te diep\r\n';
    for (let i = 0; i < 300; i += 1) raw += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
    raw += 'Content-Type: text/plain\r\n\r\nhallo\r\n';
    const error = await send({ envelope: { from: 'a@podium.nl', to: ['x@voorbeeld.nl'] }, raw }).then(
      () => undefined,
      (err: Error & { responseCode?: number }) => err,
    );
    expect(error?.responseCode).toBe(554);
    expect((await list()).total).toBe(20);
  });

  it('accepts any AUTH credentials and records the user name', async () => {
    await start();
    await send({ to: 'x@voorbeeld.nl', subject: 'met login', text: 'x' }, { auth: { user: 'gotrue', pass: 'wat-dan-ook' } });
    expect((await list()).messages[0]).toMatchObject({ Subject: 'met login', Username: 'gotrue' });
  });

  it('serves the Dutch web page with a strict CSP', async () => {
    await start();
    const res = await fetch(catcher.url + '/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Podium Mail</title>');
    expect(html).toContain('lang="nl"');
    expect(html).not.toContain('{{');
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
  });
});

describe('startup', () => {
  it('reports a port already in use instead of hanging', async () => {
    const first = await start();
    await expect(startMailCatcher({ smtpPort: 0, httpPort: first.httpPort, dataDir })).rejects.toThrow(/cannot listen for HTTP/);
    await expect(startMailCatcher({ smtpPort: first.smtpPort, httpPort: 0, dataDir })).rejects.toThrow(/cannot listen for SMTP/);
    expect((await api('/health')).status).toBe(200);
  });
});
