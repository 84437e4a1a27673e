import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationDisplayName, createMessagePopupStore, formatMessageTime, type MessagePopupItem } from './message-popups.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const item = (id: string): MessagePopupItem => ({ id, conversationId: 'c1', displayName: 'Anna de Vries', messageText: 'Hoi!', time: '14:05' });

describe('SPEC 7.5: display name', () => {
  const names = { customerId: 'customer-1', customerName: { first_name: 'Anna', last_name: 'de Vries' }, artistName: 'The Blue Band' };
  it.each([
    ["the customer's name, for the artist", names, 'artist-user', 'Anna de Vries'],
    ["the artist's name when the customer has no name", { ...names, customerName: { first_name: ' ', last_name: '' } }, 'artist-user', 'The Blue Band'],
    ["the artist's name when the customer is unknown", { ...names, customerName: null }, 'artist-user', 'The Blue Band'],
    ["the artist's name for the customer reading (never their own name)", names, 'customer-1', 'The Blue Band'],
    ["'Unknown Conversation' without names", { ...names, customerName: null, artistName: null }, 'artist-user', 'Unknown Conversation'],
    ["'Unknown Conversation' without a conversation", null, 'artist-user', 'Unknown Conversation'],
    ['a first name alone', { ...names, customerName: { first_name: 'Anna', last_name: null } }, 'artist-user', 'Anna'],
  ])('%s', (_case, conversation, reader, expected) => {
    expect(conversationDisplayName(conversation, reader)).toBe(expected);
  });
});

describe('SPEC 2.11: time as hours:minutes, nl-NL', () => {
  it.each([
    ['2026-06-01T07:05:00Z', 'Europe/Amsterdam', '09:05'],
    ['2026-01-15T22:30:00Z', 'Europe/Amsterdam', '23:30'],
    ['2026-01-15T23:59:00Z', 'UTC', '23:59'],
    ['2026-01-15T00:00:00Z', 'UTC', '00:00'],
  ])('%s in %s is %s', (createdAt, zone, time) => {
    expect(formatMessageTime(createdAt, zone)).toBe(time);
  });
});

describe('SPEC 2.11: pop-ups', () => {
  it('close by themselves after 5 s', () => {
    const store = createMessagePopupStore();
    store.show(item('m1'));
    vi.advanceTimersByTime(2_000);
    store.show(item('m2'));
    expect(store.getSnapshot().map((shown) => shown.id)).toEqual(['m1', 'm2']);
    vi.advanceTimersByTime(2_999);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((shown) => shown.id)).toEqual(['m2']);
    vi.advanceTimersByTime(2_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('can be closed by hand, and a message shows once', () => {
    const store = createMessagePopupStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show(item('m1'));
    store.show(item('m1'));
    expect(store.getSnapshot()).toHaveLength(1);
    store.close('m1');
    expect(store.getSnapshot()).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('do not show for the conversation on screen, whose own pop-ups close when it opens', () => {
    const store = createMessagePopupStore();
    const other = (id: string): MessagePopupItem => ({ ...item(id), conversationId: 'c2' });
    store.show(item('m1'));
    store.show(other('m2'));
    store.setOpenConversation('c1');
    expect(store.getSnapshot().map((shown) => shown.id)).toEqual(['m2']);
    store.show(item('m3'));
    store.show(other('m4'));
    expect(store.getSnapshot().map((shown) => shown.id)).toEqual(['m2', 'm4']);
    // Back on the list: every conversation pops up again.
    store.setOpenConversation(null);
    store.show(item('m5'));
    expect(store.getSnapshot().map((shown) => shown.id)).toEqual(['m2', 'm4', 'm5']);
  });
});
