// Mailpit-style search: space-separated terms that must all match (case-insensitive substrings).
//   to:addr  from:addr  cc:addr  subject:"two words"  message-id:id  is:read  is:unread
//   has:attachment  after:2025-01-31  before:2025-02-01  "exact phrase"  free text
// A leading `-` or `!` negates a term. `to:` matches To, Cc and Bcc (envelope) recipients.
import { htmlToText, type StoredMessage } from './parse.ts';
import type { MailAddress } from './types.ts';

interface Term {
  key: string;
  value: string;
  negate: boolean;
}

export type Matcher = (message: StoredMessage) => boolean;

const KEYS = new Set(['to', 'from', 'cc', 'bcc', 'subject', 'message-id', 'messageid', 'is', 'has', 'after', 'before', 'reply-to']);

export function tokenize(query: string): Term[] {
  const terms: Term[] = [];
  const pattern = /(-|!)?(?:([a-z-]+):)?(?:"((?:[^"\\]|\\.)*)"?|(\S+))/gi;
  for (const match of query.matchAll(pattern)) {
    const [, neg, rawKey, quoted, bare] = match;
    let key = rawKey?.toLowerCase() ?? '';
    let value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? '');
    if (key && !KEYS.has(key)) {
      // Not a filter we know (e.g. "tijd:20:00"): search the whole token as text.
      value = `${rawKey}:${value}`;
      key = '';
    }
    if (!value) continue;
    terms.push({ key, value: value.toLowerCase(), negate: Boolean(neg) });
  }
  return terms;
}

/** Builds a matcher, or returns an error message for a term that cannot work (e.g. a bad date). */
export function compileQuery(query: string): Matcher | { error: string } {
  const tests: Matcher[] = [];
  for (const term of tokenize(query)) {
    const test = compileTerm(term);
    if (typeof test !== 'function') return test;
    tests.push(term.negate ? (m) => !test(m) : test);
  }
  return (message) => tests.every((test) => test(message));
}

function compileTerm({ key, value }: Term): Matcher | { error: string } {
  switch (key) {
    case '':
      return (m) => fullText(m).includes(value);
    case 'to':
      return (m) => hasAddress([...m.To, ...m.Cc, ...m.Bcc], value);
    case 'from':
      return (m) => hasAddress(m.From ? [m.From] : [], value) || m.Envelope.From.toLowerCase().includes(value);
    case 'cc':
      return (m) => hasAddress(m.Cc, value);
    case 'bcc':
      return (m) => hasAddress(m.Bcc, value);
    case 'reply-to':
      return (m) => hasAddress(m.ReplyTo, value);
    case 'subject':
      return (m) => m.Subject.toLowerCase().includes(value);
    case 'message-id':
    case 'messageid':
      return (m) => m.MessageID.toLowerCase() === value.replace(/^<(.*)>$/, '$1');
    case 'is':
      if (value === 'read') return (m) => m.Read;
      if (value === 'unread') return (m) => !m.Read;
      return { error: `unknown filter is:${value} (use is:read or is:unread)` };
    case 'has':
      if (value === 'attachment' || value === 'attachments') return (m) => m.Attachments.length > 0;
      return { error: `unknown filter has:${value} (use has:attachment)` };
    case 'after':
    case 'before': {
      const time = Date.parse(value);
      if (Number.isNaN(time)) return { error: `${key}: needs a date such as 2025-01-31, got "${value}"` };
      return key === 'after' ? (m) => Date.parse(m.Created) > time : (m) => Date.parse(m.Created) < time;
    }
    default:
      return { error: `unknown filter ${key}:` };
  }
}

function hasAddress(list: MailAddress[], value: string): boolean {
  return list.some((a) => a.Address.toLowerCase().includes(value) || a.Name.toLowerCase().includes(value));
}

const fullTextCache = new WeakMap<StoredMessage, string>();

function fullText(m: StoredMessage): string {
  let text = fullTextCache.get(m);
  if (text === undefined) {
    const people = [m.From, ...m.To, ...m.Cc, ...m.Bcc].flatMap((a) => (a ? [a.Name, a.Address] : []));
    text = [m.Subject, ...people, m.Text || htmlToText(m.HTML), m.Attachments.map((a) => a.FileName).join(' ')].join('\n').toLowerCase();
    fullTextCache.set(m, text);
  }
  return text;
}
