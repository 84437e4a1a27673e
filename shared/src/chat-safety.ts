// Reporting and blocking in a conversation: the reasons a report may give, with the words the
// apps show for them, and the limit on its explanation. The database accepts exactly these
// reasons (report_conversation, chat_reports; supabase/migrations/20261128000300_chat_limits.sql).

export const chatReportReasons = ['spam', 'harassment', 'scam', 'off_platform', 'other'] as const;
export type ChatReportReason = (typeof chatReportReasons)[number];

export const chatReportReasonLabels: Record<ChatReportReason, string> = {
  spam: 'Spam of reclame',
  harassment: 'Ongepast of intimiderend',
  scam: 'Oplichting of een nepaanvraag',
  off_platform: 'Wil buiten Podium afspreken of betalen',
  other: 'Iets anders',
};

/** At most this many characters of explanation go with a report. */
export const chatReportDetailsMaxLength = 1000;

export function isChatReportReason(value: unknown): value is ChatReportReason {
  return typeof value === 'string' && (chatReportReasons as readonly string[]).includes(value);
}
