// The Dutch e-mail about unread messages: one per recipient, listing each conversation with
// who wrote, how many messages wait and the last one, each linked to its conversation.

export interface DigestConversation {
  conversation_id: string;
  from: string;
  count: number;
  last: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function digestMail(firstName: string | null, conversations: readonly DigestConversation[], siteUrl: string): { subject: string; text: string; html: string } {
  const total = conversations.reduce((sum, conversation) => sum + conversation.count, 0);
  const site = siteUrl.replace(/\/$/, '');
  const link = (conversation: DigestConversation) => `${site}/messages?c=${conversation.conversation_id}`;
  const what = total === 1 ? '1 ongelezen bericht' : `${total} ongelezen berichten`;
  const subject = conversations.length === 1 ? `${what} van ${conversations[0]!.from}` : `${what} op Podium`;
  const greeting = `Hallo ${firstName?.trim() || 'daar'},`;
  const count = (conversation: DigestConversation) => (conversation.count === 1 ? '1 bericht' : `${conversation.count} berichten`);
  const lines = [
    greeting,
    '',
    `Er ${total === 1 ? 'wacht' : 'wachten'} ${what} op je:`,
    '',
    ...conversations.flatMap((conversation) => [`${conversation.from} (${count(conversation)}): "${conversation.last}"`, `Lees en antwoord: ${link(conversation)}`, '']),
    'Snel antwoorden helpt: klanten boeken vaak de artiest die als eerste reageert.',
    'Team Podium',
  ];
  const items = conversations
    .map(
      (conversation) =>
        `<li><strong>${escape(conversation.from)}</strong> (${count(conversation)}): “${escape(conversation.last)}” · <a href="${escape(link(conversation))}">Lees en antwoord</a></li>`,
    )
    .join('');
  return {
    subject,
    text: lines.join('\n'),
    html:
      `<p>${escape(greeting)}</p><p>Er ${total === 1 ? 'wacht' : 'wachten'} ${what} op je:</p><ul>${items}</ul>` +
      '<p>Snel antwoorden helpt: klanten boeken vaak de artiest die als eerste reageert.<br>Team Podium</p>',
  };
}
