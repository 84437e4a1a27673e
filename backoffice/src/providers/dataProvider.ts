// ra-supabase's data provider, wrapped: list pages read the security_invoker admin views, writes
// go to the tables with only the columns an admin edits, and the back office's actions are
// custom methods over RPCs and edge functions. RLS decides what goes through.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DataProvider, DeleteParams, GetListParams, GetListResult, Identifier, RaRecord, UpdateParams } from 'react-admin';
import { supabaseDataProvider } from 'ra-supabase';
import type { Database } from '@podium/shared';
import { functionErrorMessage } from '@podium/shared/function-error';
import { parseBookingQuery } from '../bookings/bookingQuery.ts';
import { foldText } from '../labels.ts';

/** Where each resource's records are read from. */
const READ_FROM: Record<string, string> = {
  approvals: 'admin_artists',
  artists: 'admin_artists',
  priority: 'admin_artists',
  bookings: 'admin_bookings',
  news: 'news_articles',
  'audit-log': 'admin_audit_entries',
  'chat-reports': 'admin_chat_reports',
  payouts: 'admin_payouts',
  'booking-cases': 'admin_booking_cases',
  chargebacks: 'admin_chargebacks',
};

/** Where each resource is written, and the columns an admin may change there. */
const WRITE_TO: Record<string, { table: string; columns: string[] }> = {
  artists: {
    table: 'artists',
    columns: ['name', 'genre', 'city', 'categories', 'bio', 'base_price_cents', 'travel_radius_km', 'website_url', 'approval_status', 'rejection_reason', 'priority', 'deleted_at'],
  },
  news: { table: 'news_articles', columns: ['slug', 'title', 'excerpt', 'body', 'cover_path', 'status', 'published_at'] },
  'chat-reports': { table: 'chat_reports', columns: ['status', 'handled_at'] },
};

export interface ReviewResult {
  reviewed: string[];
  mailed: number;
  failed: { artistId: string; error: string }[];
}

export interface DashboardWeek {
  week_start: string;
  bookings: Record<string, number>;
  revenue_cents: number;
  refunded_cents: number;
  fee_cents: number;
  signups: number;
  artist_signups: number;
}

export interface DashboardStats {
  since: string;
  weeks: DashboardWeek[];
  pending_artists: number;
  avg_response_hours: number | null;
  open_requests: number;
}

export interface BookingDetails {
  events: Database['public']['Tables']['booking_events']['Row'][];
  payments: Database['public']['Tables']['payments']['Row'][];
  messages: { id: string; sender_id: string; sender_name: string; message_text: string; created_at: string; is_read: boolean }[];
}

/** One row of the 'Kasboek' (admin_cash_book): a day the money came in, or the total (day null). */
export type CashBookRow = Database['public']['Functions']['admin_cash_book']['Returns'][number];

/** A booking whose money does not add up in the 'Kasboek' (admin_cash_book_gaps). */
export type CashBookGap = Database['public']['Functions']['admin_cash_book_gaps']['Returns'][number];

/** How an admin resolves a customer's report (resolve_booking_case). */
export type CaseResolution = 'pay_artist' | 'partial_refund' | 'full_refund';

/** A message between a case's customer and act, for the read-only conversation. */
export type ConversationMessage = BookingDetails['messages'][number];

/** An admin as the 'Beheerders' screen lists them (admin_list_admins). */
export interface AdminAccount {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  /** When their authenticator app was set up; null when it is not (yet, or since a reset). */
  two_factor_since: string | null;
  last_sign_in_at: string | null;
}

export interface BackOfficeDataProvider extends DataProvider {
  reviewArtists(ids: Identifier[], decision: 'approved' | 'rejected', reason?: string): Promise<ReviewResult>;
  reorderArtists(ids: Identifier[], category?: string): Promise<number>;
  transitionBooking(id: Identifier, status: 'cancelled' | 'completed', reason: string): Promise<void>;
  bookingDetails(id: Identifier): Promise<BookingDetails>;
  dashboardStats(weeks: number): Promise<DashboardStats>;
  uploadNewsCover(file: File, onProgress: (fraction: number) => void): Promise<string>;
  listAdmins(): Promise<AdminAccount[]>;
  /** Removes another admin's second factor and signs them out everywhere; audited. */
  resetTwoFactor(adminId: Identifier): Promise<void>;
  /** 'Opnieuw proberen' on a failed or waiting payout (retry_payout); audited. */
  retryPayout(bookingId: Identifier): Promise<void>;
  /** Resolves a customer's report (resolve_booking_case); audited. */
  resolveCase(bookingId: Identifier, resolution: CaseResolution, refundCents: number, note: string): Promise<void>;
  /** Short-lived addresses of a case's photos (private bucket case-photos), in the given order. */
  casePhotoUrls(paths: string[]): Promise<string[]>;
  cashBook(fromDay?: string, toDay?: string): Promise<CashBookRow[]>;
  cashBookGaps(fromDay?: string, toDay?: string): Promise<CashBookGap[]>;
}

/** A PostgREST/RPC error as react-admin shows it: its (Dutch) message. */
function fail(error: { message: string; code?: string } | null): never {
  throw Object.assign(new Error(error?.message ?? 'Er is een fout opgetreden. Probeer opnieuw.'), { code: error?.code });
}

function pick(data: Record<string, unknown>, columns: string[], previous?: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    if (!(column in data)) continue;
    const value = data[column] === '' && column !== 'body' && column !== 'excerpt' ? null : data[column];
    if (previous && JSON.stringify(previous[column]) === JSON.stringify(value)) continue;
    out[column] = value;
  }
  return out;
}

export interface DataProviderOptions {
  client: SupabaseClient<Database>;
  url: string;
  anonKey: string;
  /** Uploads a cover with progress; injected so it can use XMLHttpRequest in the browser. */
  uploadCover: (file: File, path: string, onProgress: (fraction: number) => void) => Promise<void>;
}

export function createDataProvider({ client, url, anonKey, uploadCover }: DataProviderOptions): BackOfficeDataProvider {
  const base = supabaseDataProvider({ instanceUrl: url, apiKey: anonKey, supabaseClient: client as unknown as SupabaseClient });
  const readFrom = (resource: string) => READ_FROM[resource] ?? resource;
  // An untyped handle for view names chosen at run time.
  const db = client as unknown as SupabaseClient;

  async function listBookings(params: GetListParams): Promise<GetListResult> {
    const { q, ...filters } = (params.filter ?? {}) as { q?: string; status?: string; from?: string; to?: string };
    const query = parseBookingQuery(q ?? '');
    // An estimated count: exact for small results, the planner's figure over a million rows.
    let request = query?.kind === 'text' ? db.rpc('admin_search_bookings', { q: query.text }, { count: 'estimated' }).select('*') : db.from('admin_bookings').select('*', { count: 'estimated' });
    if (query?.kind === 'id') request = request.eq('id', query.id);
    if (query?.kind === 'reference') request = request.like('id_text', `${query.prefix}%`);
    if (query?.kind === 'date') request = request.gte('starts_at', query.from).lt('starts_at', query.to);
    if (query?.kind === 'status') request = request.eq('status', query.status);
    if (filters.status) request = request.eq('status', filters.status);
    if (filters.from) request = request.gte('starts_at', filters.from);
    if (filters.to) request = request.lt('starts_at', filters.to);
    const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    request = request.order(field, { ascending: order === 'ASC' }).order('id', { ascending: order === 'ASC' });
    const { data, count, error } = await request.range((page - 1) * perPage, page * perPage - 1);
    if (error) fail(error);
    return { data: (data ?? []) as RaRecord[], total: count ?? data?.length ?? 0 };
  }

  function listFilter(resource: string, filter: Record<string, unknown>): Record<string, unknown> {
    const { q, ...rest } = filter;
    const out: Record<string, unknown> = { ...rest };
    // New applications and approved acts with changes waiting (admin_artists.awaiting_review).
    if (resource === 'approvals') Object.assign(out, { awaiting_review: true, is_deleted: false });
    if (resource === 'priority') Object.assign(out, { approval_status: 'approved', is_deleted: false });
    if (typeof q === 'string' && q.trim()) {
      if (resource === 'news') out['title@ilike'] = q.trim();
      else if (resource === 'audit-log') out['action@ilike'] = q.trim();
      else out['search_text@ilike'] = foldText(q);
    }
    if (typeof out.category === 'string') {
      out['categories@cs'] = `{${out.category}}`;
      delete out.category;
    }
    return out;
  }

  return {
    ...base,
    getList: (resource, params) => (resource === 'bookings' ? listBookings(params) : base.getList(readFrom(resource), { ...params, filter: listFilter(resource, params.filter ?? {}) })),
    getOne: (resource, params) => base.getOne(readFrom(resource), params),
    getMany: (resource, params) => base.getMany(readFrom(resource), params),
    getManyReference: (resource, params) => base.getManyReference(readFrom(resource), params),
    async update(resource: string, params: UpdateParams) {
      const target = WRITE_TO[resource];
      if (!target) throw new Error(`${resource} kan niet worden bewerkt.`);
      const changes = pick(params.data as Record<string, unknown>, target.columns, params.previousData as Record<string, unknown>);
      if (Object.keys(changes).length > 0) {
        const { error } = await db.from(target.table).update(changes).eq('id', params.id);
        if (error) fail(error);
      }
      return base.getOne(readFrom(resource), { id: params.id });
    },
    async create(resource, params) {
      const target = WRITE_TO[resource];
      if (!target) throw new Error(`${resource} kan niet worden aangemaakt.`);
      const { data, error } = await db
        .from(target.table)
        .insert(pick(params.data as Record<string, unknown>, target.columns))
        .select('id')
        .single();
      if (error) fail(error);
      return base.getOne(readFrom(resource), { id: (data as { id: string }).id });
    },
    async delete<RecordType extends RaRecord = RaRecord>(resource: string, params: DeleteParams<RecordType>) {
      // Artists are deleted softly: deleted_at hides them everywhere and can be undone.
      if (resource === 'artists') {
        const { error } = await db.from('artists').update({ deleted_at: new Date().toISOString() }).eq('id', params.id);
        if (error) fail(error);
        return { data: params.previousData as RecordType };
      }
      if (resource !== 'news') throw new Error(`${resource} kan niet worden verwijderd.`);
      return base.delete(readFrom(resource), params);
    },

    async reviewArtists(ids, decision, reason) {
      const { data, error } = await client.functions.invoke<ReviewResult>('review-artists', { body: { artistIds: ids, decision, reason } });
      if (error) throw new Error((await functionErrorMessage(error)) ?? 'Beoordelen mislukt. Probeer opnieuw.');
      return data!;
    },
    async reorderArtists(ids, category) {
      const { data, error } = await client.rpc('admin_reorder_artists', { artist_ids: ids.map(String), ...(category ? { category } : {}) });
      if (error) fail(error);
      return data ?? 0;
    },
    async transitionBooking(id, status, reason) {
      const { error } = await client.rpc('transition_booking', { booking_id: String(id), new_status: status, reason });
      if (error) fail(error);
    },
    async bookingDetails(id) {
      const bookingId = String(id);
      const [events, payments, booking] = await Promise.all([
        client.from('booking_events').select('*').eq('booking_id', bookingId).order('id'),
        client.from('payments').select('*').eq('booking_id', bookingId).order('created_at'),
        client.from('bookings').select('customer_id, artist_id').eq('id', bookingId).single(),
      ]);
      if (events.error) fail(events.error);
      if (payments.error) fail(payments.error);
      if (booking.error) fail(booking.error);
      const conversation = await client.from('chat_conversations').select('id').eq('customer_id', booking.data.customer_id).eq('artist_id', booking.data.artist_id).maybeSingle();
      if (conversation.error) fail(conversation.error);
      let messages: BookingDetails['messages'] = [];
      if (conversation.data) {
        const result = await client
          .from('chat_messages')
          .select('id, sender_id, message_text, created_at, is_read, sender:public_profiles!chat_messages_sender_public_profile_fkey(display_name)')
          .eq('conversation_id', conversation.data.id)
          .order('created_at');
        if (result.error) fail(result.error);
        messages = result.data.map(({ sender, ...message }) => ({ ...message, sender_name: sender?.display_name ?? '' }));
      }
      return { events: events.data, payments: payments.data, messages };
    },
    async dashboardStats(weeks) {
      const { data, error } = await client.rpc('admin_dashboard_stats', { weeks });
      if (error) fail(error);
      return data as unknown as DashboardStats;
    },
    async listAdmins() {
      const { data, error } = await client.rpc('admin_list_admins');
      if (error) fail(error);
      return data ?? [];
    },
    async resetTwoFactor(adminId) {
      const { error } = await client.rpc('admin_reset_two_factor', { target_id: String(adminId) });
      if (error) fail(error);
    },
    async retryPayout(bookingId) {
      const { error } = await client.rpc('retry_payout', { booking_id: String(bookingId) });
      if (error) fail(error);
    },
    async resolveCase(bookingId, resolution, refundCents, note) {
      const { error } = await client.rpc('resolve_booking_case', { booking_id: String(bookingId), resolution, refund_cents: refundCents, note });
      if (error) fail(error);
    },
    async casePhotoUrls(paths) {
      if (paths.length === 0) return [];
      const { data, error } = await client.storage.from('case-photos').createSignedUrls(paths, 3600);
      if (error) throw new Error('De foto’s konden niet worden geladen.');
      return data.map((entry) => entry.signedUrl ?? '');
    },
    async cashBook(fromDay, toDay) {
      const { data, error } = await client.rpc('admin_cash_book', { ...(fromDay ? { from_day: fromDay } : {}), ...(toDay ? { to_day: toDay } : {}) });
      if (error) fail(error);
      return data ?? [];
    },
    async cashBookGaps(fromDay, toDay) {
      const { data, error } = await client.rpc('admin_cash_book_gaps', { ...(fromDay ? { from_day: fromDay } : {}), ...(toDay ? { to_day: toDay } : {}) });
      if (error) fail(error);
      return data ?? [];
    },
    async uploadNewsCover(file, onProgress) {
      const extension = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
      const path = `${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}.${extension}`;
      await uploadCover(file, path, onProgress);
      return path;
    },
  };
}
