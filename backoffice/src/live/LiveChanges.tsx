// The back office live (SPEC 4.6): the shared realtime manager hears bookings and artists as the
// signed-in admin (the server filters by RLS, which lets an admin with a second factor see all)
// and, for each window of changes, refreshes what react-admin shows of them (bookings, cases,
// payouts; the approvals queue and the acts) and what the screens read themselves (the dashboard
// figures, a booking's timeline) through useLiveVersion. Each new request, payment, cancellation
// and approval request is told in a notice with a link (notices.ts), the latest one shown.
import { Alert, Button, Snackbar } from '@mui/material';
import type { Database } from '@podium/shared/database.types';
import { queryKeys } from '@podium/shared/query-keys';
import { browserConnectivity, createRealtimeManager, type RealtimeChange } from '@podium/shared/realtime';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
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
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
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
        if (notice) setNotice({ ...notice, key: (noticeKey += 1) });
      },
    });
    manager.start();
    return () => void manager.stop();
  }, [client, userId, queryClient]);

  // The latest notice only (on a busy day a queue of them would trail minutes behind), bottom left:
  // on a desktop over the menu's empty end, clear of the forms' and lists' buttons.
  return (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={10_000}
      onClose={(_event, reason) => reason !== 'clickaway' && setNotice(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Alert
        severity="info"
        variant="filled"
        role="status"
        onClose={() => setNotice(null)}
        action={
          notice && (
            <Button color="inherit" size="small" component={Link} to={notice.to} onClick={() => setNotice(null)}>
              Bekijken
            </Button>
          )
        }
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}

let noticeKey = 0;
