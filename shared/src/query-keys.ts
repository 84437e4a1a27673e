// The react-query keys of the data SPEC 4.6 names, in one place: the apps query with them and
// the realtime manager refreshes them. Keys are prefixes, so refreshing ['bookings', 'customer']
// also refreshes ['bookings', 'customer', bookingId].

export const queryKeys = {
  messages: ['chat', 'messages'],
  unreadCount: ['chat', 'unread-count'],
  conversations: ['chat', 'conversations'],
  customerBookings: ['bookings', 'customer'],
  artistBookings: ['bookings', 'artist'],
  adminBookings: ['bookings', 'admin'],
  bookingStatistics: ['bookings', 'statistics'],
  bookingNotifications: ['bookings', 'notifications'],
  artistLists: ['artists', 'lists'],
  profiles: ['profiles'],
} as const satisfies Record<string, readonly string[]>;

export type QueryKeyName = keyof typeof queryKeys;
