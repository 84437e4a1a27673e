// SPEC 2.11 / 7.5 / 9: new-message pop-ups. For each new chat message not sent by the current
// user an item with the display name, text and nl-NL hours:minutes; it closes by itself after
// 5 s and can be closed by hand. None for the conversation the reader has open: they see the
// message arrive in it.
import { locale, messagePopupDurationMs } from './constants.ts';
import { messages } from './messages.ts';

export interface MessagePopupItem {
  /** The message id. */
  id: string;
  conversationId: string;
  displayName: string;
  messageText: string;
  /** hours:minutes in nl-NL, e.g. '09:05'. */
  time: string;
}

export interface ConversationNames {
  customerId: string | null;
  customerName: { first_name: string | null; last_name: string | null } | null;
  artistName: string | null;
}

const fullName = (name: ConversationNames['customerName']) => [name?.first_name?.trim(), name?.last_name?.trim()].filter(Boolean).join(' ');

/**
 * SPEC 7.5: the conversation's customer's name, else the artist's name, else 'Unknown
 * Conversation'. One adjustment: when the reader is that customer, their own name is skipped
 * (it would tell them a message came from themselves), so a customer sees the artist's name.
 */
export function conversationDisplayName(conversation: ConversationNames | null, currentUserId: string): string {
  if (conversation) {
    const customer = conversation.customerId === currentUserId ? '' : fullName(conversation.customerName);
    if (customer) return customer;
    const artist = conversation.artistName?.trim();
    if (artist) return artist;
  }
  return messages.realtime.unknownConversation;
}

/** hours:minutes in nl-NL, in the reader's time zone unless one is given. */
export function formatMessageTime(createdAt: string | Date, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  if (timeZone) options.timeZone = timeZone;
  return new Intl.DateTimeFormat(locale, options).format(new Date(createdAt));
}

export interface MessagePopupStore {
  getSnapshot(): readonly MessagePopupItem[];
  subscribe(listener: () => void): () => void;
  show(item: MessagePopupItem): void;
  close(id: string): void;
  /** The conversation on screen, or null: its messages do not pop up, and those showing close. */
  setOpenConversation(conversationId: string | null): void;
}

export function createMessagePopupStore(durationMs = messagePopupDurationMs): MessagePopupStore {
  let items: readonly MessagePopupItem[] = [];
  let openConversation: string | null = null;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const set = (next: readonly MessagePopupItem[]) => {
    items = next;
    for (const listener of listeners) listener();
  };
  const close = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    if (items.some((item) => item.id === id)) set(items.filter((item) => item.id !== id));
  };
  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(item) {
      if (item.conversationId === openConversation || items.some((shown) => shown.id === item.id)) return;
      set([...items, item]);
      timers.set(
        item.id,
        setTimeout(() => close(item.id), durationMs),
      );
    },
    close,
    setOpenConversation(conversationId) {
      openConversation = conversationId;
      for (const shown of items) if (shown.conversationId === conversationId) close(shown.id);
    },
  };
}
