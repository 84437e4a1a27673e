// Turns a raw RFC 5322 message into the record the catcher keeps, using postal-mime.
import PostalMime, { decodeWords } from 'postal-mime';
import type { Address, Attachment, Email } from 'postal-mime';
import type { MailAddress, MailAttachment, MessageDetail } from './types.ts';

/** What is kept per message, in memory and as `<ID>.json` beside the raw `<ID>.eml`. */
export interface StoredMessage extends MessageDetail {
  /** Receive order; ties in `Created` (same millisecond) never reorder the list. */
  seq: number;
  Snippet: string;
}

export interface ReceiveInfo {
  ID: string;
  seq: number;
  Created: string;
  Username: string;
  envelope: { From: string; To: string[] };
}

const SNIPPET_LENGTH = 250;

export async function parseMessage(raw: Uint8Array, info: ReceiveInfo): Promise<StoredMessage> {
  const email: Email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  const headerTo = addresses(email.to);
  const cc = addresses(email.cc);
  const headerBcc = addresses(email.bcc);
  // Recipients only the envelope names were blind copies (Mailpit reports them the same way).
  const shown = new Set([...headerTo, ...cc, ...headerBcc].map((a) => a.Address.toLowerCase()));
  const bcc = [...headerBcc];
  for (const rcpt of info.envelope.To) {
    if (shown.has(rcpt.toLowerCase())) continue;
    shown.add(rcpt.toLowerCase());
    bcc.push({ Name: '', Address: rcpt });
  }
  const from = addresses(email.from ? [email.from] : undefined)[0] ?? null;
  const text = email.text ?? '';
  const html = email.html ?? '';
  const inline: MailAttachment[] = [];
  const attachments: MailAttachment[] = [];
  email.attachments.forEach((part, index) => {
    const entry = describePart(part, index);
    if (part.related || (part.disposition === 'inline' && part.contentId)) inline.push(entry);
    else attachments.push(entry);
  });

  return {
    ID: info.ID,
    seq: info.seq,
    MessageID: stripBrackets(email.messageId ?? ''),
    Read: false,
    From: from,
    To: headerTo,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: addresses(email.replyTo),
    ReturnPath: stripBrackets(email.returnPath ?? info.envelope.From),
    Subject: email.subject ?? '',
    Date: normaliseDate(email.date) ?? info.Created,
    Created: info.Created,
    Username: info.Username,
    Text: text,
    HTML: html,
    Size: raw.byteLength,
    Headers: headerMap(email),
    Envelope: info.envelope,
    Inline: inline,
    Attachments: attachments,
    Snippet: snippet(text || htmlToText(html)),
  };
}

/** Parses again to hand out one part's bytes (`/part/{PartID}`); parts are not kept in memory. */
export async function extractPart(raw: Uint8Array, partId: string): Promise<{ attachment: MailAttachment; content: Uint8Array } | undefined> {
  if (!/^\d{1,6}$/.test(partId)) return undefined;
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  const index = Number(partId);
  const part = email.attachments[index];
  if (!part) return undefined;
  return { attachment: describePart(part, index), content: contentBytes(part) };
}

function describePart(part: Attachment, index: number): MailAttachment {
  return {
    PartID: String(index),
    FileName: part.filename ?? '',
    ContentType: part.mimeType,
    ContentID: stripBrackets(part.contentId ?? ''),
    Size: contentBytes(part).byteLength,
  };
}

function contentBytes(part: Attachment): Uint8Array {
  const { content } = part;
  if (typeof content === 'string') return Buffer.from(content, part.encoding === 'base64' ? 'base64' : 'utf8');
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function addresses(list: Address[] | undefined): MailAddress[] {
  const out: MailAddress[] = [];
  for (const entry of list ?? []) {
    if (entry.group) for (const member of entry.group) out.push({ Name: member.name, Address: member.address });
    else if (entry.address !== undefined) out.push({ Name: entry.name, Address: entry.address });
  }
  return out;
}

function headerMap(email: Email): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const names = new Map<string, string>();
  for (const header of email.headers) {
    let name = names.get(header.key);
    if (!name) {
      name = header.originalKey;
      names.set(header.key, name);
    }
    let value = header.value;
    try {
      value = decodeWords(value);
    } catch {
      // keep the undecoded value
    }
    (out[name] ??= []).push(value);
  }
  return out;
}

function normaliseDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function stripBrackets(value: string): string {
  return value.trim().replace(/^<(.*)>$/, '$1');
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH).trimEnd()}…` : flat;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', copy: '©', hellip: '…', mdash: '—', ndash: '–' };

/** A plain-text rendering of HTML good enough for snippets and free-text search. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(br|\/p|\/div|\/h\d|\/li|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
      }
      return ENTITIES[entity.toLowerCase()] ?? match;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
