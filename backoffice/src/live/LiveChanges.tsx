// The back office live (SPEC 4.6): the shared realtime manager hears bookings and artists as the
// signed-in admin (the server filters by RLS, which lets an admin with a second factor see all)
// and, for each window of changes, refreshes what react-admin shows of them (bookings, cases,
// payouts; the approvals queue and the acts) and what the screens read themselves (the dashboard
// figures, a booking's timeline) through useLiveVersion. Each new request, payment, cancellation
// and approval request is told in a notice with a link (notices.ts), the newest three shown.
import { Alert, Button, Stack } from '@mui/material';
import type { Database } from '@podium/shared/database.types';
import { queryKeys } from '@podium/shared/query-keys';
import { browserConnectivity, createRealtimeManager, type RealtimeChange } from '@podium/shared/realtime';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useGetIdentity } from 'react-admin';
import { Link } from 'react-router';
import { changeNotice, type KnownStatuses, type Notice } from './notices.ts';

/** The client the back office hears changes with; none in component tests. */
export const LiveClientContext = createContext<SupabaseClient<Database> | null>(null);

type LiveTable = 'bookings' | 'artists';

// How many change windows of each table this page has heard: a screen that reads its own data
// (not through react-admin's queries) reads it again when the number moves.
const versions: Record<LiveTable, number> = { bookings: 0, artists: 0 };
const listeners = new Set<() => void>();
const bump = (table: LiveTable) => {
  versions[table] += 1;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Moves each time changes to `table` were heard (after the 100 ms window that gathers them). */
export function useLiveVersion(table: LiveTable): number {
  return useSyncExternalStore(
    subscribe,
    () => versions[table],
    () => 0,
  );
}

/** The react-admin resources whose lists and records a table's changes touch. */
const resourcesOf: Record<LiveTable, readonly string[]> = {
  bookings: ['bookings', 'booking-cases', 'payouts'],
  artists: ['approvals', 'artists'],
};
const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, index) => part === b[index]);

export function LiveChanges() {
  const client = useContext(LiveClientContext);
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const [notices, setNotices] = useState<(Notice & { key: number })[]>([]);
  const userId = identity?.id ? String(identity.id) : null;

  useEffect(() => {
    if (!client || !userId) return;
    const known: KnownStatuses = new Map();
    const refreshTable = (table: LiveTable) => {
      for (const resource of resourcesOf[table]) {
        // An act's edit form keeps what the admin typed: its record is not read again under them.
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === resource && !(table === 'artists' && query.queryKey[1] === 'getOne') });
      }
      bump(table);
    };
    const manager = createRealtimeManager({
      client,
      userId,
      tables: ['bookings', 'artists'],
      connectivity: browserConnectivity(),
      // The manager names the shared data each window's changes affect; here that is the admin's bookings and statistics, or the act lists.
      queryClient: {
        invalidateQueries({ queryKey }) {
          if (sameKey(queryKey, queryKeys.adminBookings)) refreshTable('bookings');
          if (sameKey(queryKey, queryKeys.artistLists)) refreshTable('artists');
        },
      },
      onChange(change: RealtimeChange) {
        const notice = changeNotice(change, known);
        if (notice) setNotices((shown) => [{ ...notice, key: (noticeKey += 1) }, ...shown].slice(0, noticesShown));
      },
    });
    manager.start();
    return () => void manager.stop();
  }, [client, userId, queryClient]);

  // The newest few notices, newest on top, each for ten seconds (on a busy day a queue of them would
  // trail minutes behind), bottom left: on a desktop over the menu's empty end, clear of the forms'
  // and lists' buttons.
  const dismiss = useCallback((key: number) => setNotices((shown) => shown.filter((item) => item.key !== key)), []);
  return (
    <Stack spacing={1} sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: 1400, width: 'min(380px, calc(100vw - 32px))' }}>
      {notices.map((notice) => (
        <LiveNotice key={notice.key} notice={notice} onDismiss={dismiss} />
      ))}
    </Stack>
  );
}

function LiveNotice({ notice, onDismiss }: { notice: Notice & { key: number }; onDismiss: (key: number) => void }) {
  // Its own ten seconds from when it appeared, however often the list around it changes.
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(notice.key), noticeMs);
    return () => clearTimeout(timer);
  }, [notice.key, onDismiss]);
  return (
    <Alert
      variant="filled"
      role="status"
      icon={false}
      // Podium's ink: white text on it reads at well over 4.5:1 (MUI's filled info blue does not).
      sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', boxShadow: 3 }}
      action={
        <Button color="inherit" size="small" component={Link} to={notice.to} onClick={() => onDismiss(notice.key)}>
          Bekijken
        </Button>
      }
    >
      {notice.message}
    </Alert>
  );
}

const noticeMs = 10_000;
const noticesShown = 3;
let noticeKey = 0;
