// The local mail catcher as a test reads it: over HTTP, through its Mailpit v1 JSON API
// (`GET /api/v1/search?query=to:…`, `GET /api/v1/message/{ID}`), at the URL of the local
// defaults (PODIUM_PORT_BASE applies). Mailpit itself answers the same, so these work against it too.
import { localUrls } from './local-stack.ts';

export interface MailAddress {
  Name: string;
  Address: string;
}

/** The fields of `GET /api/v1/message/{ID}` that tests read. */
export interface MailMessage {
  ID: string;
  MessageID: string;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  /** When the catcher received the message (ISO 8601). */
  Created: string;
  Text: string;
  HTML: string;
  Headers: Record<string, string[]>;
}

interface SearchAnswer {
  messages_count: number;
  messages: { ID: string; Created: string }[];
}

const mailUrl = () => localUrls(process.env).mail;

async function search(address: string): Promise<SearchAnswer | undefined> {
  const response = await fetch(`${mailUrl()}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  return response.ok ? ((await response.json()) as SearchAnswer) : undefined;
}

/** Polls the mail catcher for the newest mail to `address` (newer than `after`, if given). */
export async function latestMail(address: string, { after, timeoutMs = 10_000 }: { after?: string; timeoutMs?: number } = {}): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await search(address);
    const newest = [...(list?.messages ?? [])].sort((a, b) => b.Created.localeCompare(a.Created))[0];
    if (newest && newest.ID !== after) {
      const detail = await fetch(`${mailUrl()}/api/v1/message/${newest.ID}`);
      if (detail.ok) return (await detail.json()) as MailMessage;
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function mailCount(address: string): Promise<number> {
  return (await search(address))?.messages_count ?? 0;
}

/** The links of a mail's text part. */
export function linksIn(mail: MailMessage): string[] {
  return [...mail.Text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

/** The auth server's confirmation (verify) link of a mail. */
export function verifyLink(mail: MailMessage): string {
  const link = linksIn(mail).find((candidate) => candidate.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in mail "${mail.Subject}"`);
  return link;
}
