// The shapes the mail catcher's JSON API answers with. Field names follow Mailpit's v1 API
// (https://mailpit.axllent.org/docs/api-v1/), so test code written against either reads the same.

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface MailAttachment {
  /** Index into the parsed message's parts; use with `GET /api/v1/message/{ID}/part/{PartID}`. */
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

/** What the list and the detail answers share. */
export interface MessageCommon {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  /** When the catcher received the message (ISO 8601). */
  Created: string;
  /** SMTP AUTH user name, if the client authenticated (any credentials are accepted). */
  Username: string;
  Size: number;
}

/** One entry of `GET /api/v1/messages` and `GET /api/v1/search`. */
export interface MessageSummary extends MessageCommon {
  /** Number of attachments (inline parts excluded). */
  Attachments: number;
  Snippet: string;
}

/** `GET /api/v1/message/{ID}`. */
export interface MessageDetail extends MessageCommon {
  ReturnPath: string;
  /** The message's Date header (ISO 8601), or the receive time when it has none. */
  Date: string;
  Text: string;
  HTML: string;
  /** Header name → values, in message order, encoded words decoded. */
  Headers: Record<string, string[]>;
  /** The SMTP envelope, which may name recipients (Bcc) that no header shows. */
  Envelope: { From: string; To: string[] };
  Inline: MailAttachment[];
  Attachments: MailAttachment[];
}

/** `GET /api/v1/messages` and `GET /api/v1/search`. */
export interface MessagesResponse {
  /** Messages in the mailbox. */
  total: number;
  /** Unread messages in the mailbox. */
  unread: number;
  /** Messages matching the query (equals `total` for the plain list). */
  messages_count: number;
  /** Messages in this page. */
  count: number;
  start: number;
  messages: MessageSummary[];
}
