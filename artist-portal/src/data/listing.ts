// The listing's reads and writes, for the onboarding and the profile editor alike: the caller's
// own act with its packages, media, payout details and what it still lacks, and every save a step
// makes. Rows are the caller's own through RLS; approval moves only through submit_artist_application.
import type { ActStatus, ApplicationGap } from '@podium/shared/artist-onboarding';
import { queryKeys } from '@podium/shared/query-keys';
import { uploadWithProgress } from '@podium/shared/storage-upload';
import { env } from '../env.ts';
import { portalClient } from '../app/client.ts';

export interface OwnAct {
  id: string;
  name: string;
  slug: string;
  genre: string;
  categories: string[];
  bio: string;
  place_id: number | null;
  city: string;
  travel_radius_km: number | null;
  cover_path: string | null;
  website_url: string | null;
  approval_status: string;
  rejection_reason: string | null;
  submitted_at: string | null;
  rating_avg: number;
  review_count: number;
}

export interface OwnPackage {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  duration_minutes: number;
  sort_order: number;
  /** Added to an approved act and not yet reviewed: customers do not see it yet. */
  pending_review: boolean;
  /** Its name or description was changed after approval and waits for review (the fields show the new text). */
  text_pending?: boolean;
}

export interface OwnMedia {
  id: string;
  kind: 'image' | 'video' | 'audio';
  storage_path: string | null;
  external_url: string | null;
  caption: string;
  sort_order: number;
  /** Added to an approved act and not yet reviewed: customers do not see it yet. */
  pending_review: boolean;
  /** Its caption was changed after approval and waits for review (caption shows the new text). */
  caption_pending?: boolean;
}

/** What customers rely on: after approval a change to these waits for review (they see the live value meanwhile). */
export const reviewedFields = ['name', 'bio', 'genre', 'city', 'website_url', 'cover_path'] as const;
export type ReviewedField = (typeof reviewedFields)[number];
export const reviewedFieldLabels: Record<ReviewedField, string> = { name: 'naam', bio: 'beschrijving', genre: 'genres', city: 'plaatsnaam', website_url: 'website', cover_path: 'omslagfoto' };

/** An approved act's changes waiting for an admin, or why the last ones were refused. */
export interface ChangeReview {
  fields: ReviewedField[];
  newMedia: number;
  /** New packages, and packages whose name or description waits. */
  packages: number;
  /** Photos whose caption waits. */
  captions: number;
  rejectionReason: string | null;
  /** The values customers see now. */
  live: Pick<OwnAct, ReviewedField>;
}

export interface PayoutDetails {
  account_holder: string;
  iban: string;
  kvk_number: string | null;
}

export interface Onboarding {
  act: OwnAct | null;
  packages: OwnPackage[];
  media: OwnMedia[];
  payout: PayoutDetails | null;
  gaps: ApplicationGap[];
  /** Approved acts only. */
  review: ChangeReview | null;
}

/** Under the profiles key, so a change to the act (an admin's decision) refreshes it live (SPEC 4.6). */
export const onboardingKey = [...queryKeys.profiles, 'artist-onboarding'] as const;

const actColumns = 'id, name, slug, genre, categories, bio, place_id, city, travel_radius_km, cover_path, website_url, approval_status, rejection_reason, submitted_at, rating_avg, review_count';

/** A database refusal keeps its SQLSTATE, so the forms know which messages are written for people. */
export class DatabaseRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function unwrap<T>({ data, error }: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (error) throw new DatabaseRefusal(error.message, error.code);
  return data as T;
}

export const actStatus = (act: OwnAct | null): ActStatus => (act ? ((['draft', 'pending', 'approved', 'rejected'] as const).find((status) => status === act.approval_status) ?? 'draft') : 'none');

export async function fetchOnboarding(userId: string): Promise<Onboarding> {
  const supabase = await portalClient();
  const act = unwrap(await supabase.from('artists').select(actColumns).eq('profile_id', userId).is('deleted_at', null).maybeSingle()) as OwnAct | null;
  if (!act) return { act: null, packages: [], media: [], payout: null, gaps: [], review: null };
  const [packages, media, payout, gaps, pending] = await Promise.all([
    supabase.from('artist_packages').select('id, name, description, price_cents, duration_minutes, sort_order, pending_review').eq('artist_id', act.id).order('sort_order').order('created_at'),
    supabase.from('artist_media').select('id, kind, storage_path, external_url, caption, sort_order, pending_review').eq('artist_id', act.id).order('sort_order').order('created_at'),
    supabase.from('artist_payout_details').select('account_holder, iban, kvk_number').eq('artist_id', act.id).maybeSingle(),
    supabase.rpc('artist_application_gaps', { artist: act.id }),
    supabase.from('artist_pending_changes').select('changes, rejection_reason').eq('artist_id', act.id).maybeSingle(),
  ]);
  const ownMedia = unwrap(media) as OwnMedia[];
  const proposal = withProposal(act, unwrap(pending) as { changes: unknown; rejection_reason: string | null } | null, ownMedia, unwrap(packages) as OwnPackage[]);
  return {
    ...proposal,
    payout: unwrap(payout) as PayoutDetails | null,
    gaps: unwrap(gaps) as ApplicationGap[],
  };
}

/**
 * The act as its owner edits it: the live row with their proposal (held for review) laid over
 * it, so the forms show what they wrote; and what waits or was refused.
 */
export function withProposal(
  live: OwnAct,
  pending: { changes: unknown; rejection_reason: string | null } | null,
  media: readonly OwnMedia[],
  packages: readonly OwnPackage[] = [],
): { act: OwnAct; review: ChangeReview | null; media: OwnMedia[]; packages: OwnPackage[] } {
  if (live.approval_status !== 'approved') return { act: live, review: null, media: [...media], packages: [...packages] };
  const changes = (pending?.changes ?? {}) as Partial<Record<string, unknown>>;
  const fields = reviewedFields.filter((field) => field in changes);
  const act = { ...live };
  for (const field of fields) Object.assign(act, { [field]: changes[field] ?? null });
  const heldPackages = (changes.packages ?? {}) as Partial<Record<string, { name: string; description: string }>>;
  const heldCaptions = (changes.captions ?? {}) as Partial<Record<string, string>>;
  const ownPackages = packages.map((pkg) => {
    const held = heldPackages[pkg.id];
    return held ? { ...pkg, name: held.name, description: held.description, text_pending: true } : pkg;
  });
  const ownMedia = media.map((item) => (item.id in heldCaptions ? { ...item, caption: heldCaptions[item.id] ?? '', caption_pending: true } : item));
  const newMedia = media.filter((item) => item.pending_review).length;
  const waitingPackages = ownPackages.filter((pkg) => pkg.pending_review || pkg.text_pending).length;
  const captions = ownMedia.filter((item) => item.caption_pending).length;
  const waiting = fields.length + newMedia + waitingPackages + captions > 0;
  if (!waiting && !pending?.rejection_reason) return { act, review: null, media: ownMedia, packages: ownPackages };
  return {
    act,
    media: ownMedia,
    packages: ownPackages,
    review: {
      fields,
      newMedia,
      packages: waitingPackages,
      captions,
      rejectionReason: waiting ? null : (pending?.rejection_reason ?? null),
      live: { name: live.name, bio: live.bio, genre: live.genre, city: live.city, website_url: live.website_url, cover_path: live.cover_path },
    },
  };
}

export interface ActFields {
  name: string;
  categories: string[];
  genre: string;
  bio: string;
}

/** The first save creates the draft act (the database gives it its address, from an empty slug, and makes the user an artist). */
export async function saveAct(userId: string, act: OwnAct | null, fields: ActFields): Promise<void> {
  const supabase = await portalClient();
  if (act) unwrap(await supabase.from('artists').update(fields).eq('id', act.id).select('id').single());
  else
    unwrap(
      await supabase
        .from('artists')
        .insert({ ...fields, profile_id: userId, slug: '' })
        .select('id')
        .single(),
    );
}

export async function saveLocation(actId: string, fields: { place_id: number; travel_radius_km: number; website_url: string | null }) {
  const supabase = await portalClient();
  unwrap(await supabase.from('artists').update(fields).eq('id', actId).select('id').single());
}

export async function previewSlug(name: string): Promise<string> {
  const supabase = await portalClient();
  return unwrap(await supabase.rpc('artist_slug_preview', { name })) as string;
}

export async function savePayout(details: { accountHolder: string; iban: string; kvkNumber: string }) {
  const supabase = await portalClient();
  unwrap(await supabase.rpc('save_artist_payout_details', { account_holder: details.accountHolder, iban: details.iban, kvk_number: details.kvkNumber || undefined }));
}

export async function savePackage(actId: string, pkg: { id?: string | undefined; name: string; description: string; price_cents: number; duration_minutes: number; sort_order: number }) {
  const supabase = await portalClient();
  const { id, ...fields } = pkg;
  if (id) unwrap(await supabase.from('artist_packages').update(fields).eq('id', id).select('id').single());
  else
    unwrap(
      await supabase
        .from('artist_packages')
        .insert({ ...fields, artist_id: actId })
        .select('id')
        .single(),
    );
}

export async function deletePackage(id: string) {
  const supabase = await portalClient();
  unwrap(await supabase.from('artist_packages').delete().eq('id', id).select('id').single());
}

export async function addMediaLink(actId: string, kind: 'video' | 'audio', url: string, sortOrder: number) {
  const supabase = await portalClient();
  unwrap(await supabase.from('artist_media').insert({ artist_id: actId, kind, external_url: url.trim(), sort_order: sortOrder }).select('id').single());
}

/**
 * Removes a media row and, for a photo, its file; a removed cover (the live one, or the one
 * proposed) makes the next photo the cover, a reviewed one first.
 */
export async function deleteMedia(act: OwnAct, media: OwnMedia, remaining: OwnMedia[], liveCover: string | null = act.cover_path) {
  const supabase = await portalClient();
  unwrap(await supabase.from('artist_media').delete().eq('id', media.id).select('id').single());
  if (media.storage_path) {
    await supabase.storage.from('artist-media').remove([media.storage_path]);
    if (liveCover === media.storage_path || (act.cover_path === media.storage_path && media.pending_review && !liveCover)) {
      const photos = remaining.filter((item) => item.kind === 'image' && item.storage_path && item.id !== media.id);
      const next = photos.find((item) => !item.pending_review) ?? photos[0];
      await setCover(act.id, next?.storage_path ?? null);
    }
  }
}

export async function setCover(actId: string, path: string | null) {
  const supabase = await portalClient();
  unwrap(await supabase.from('artists').update({ cover_path: path, avatar_path: path }).eq('id', actId).select('id').single());
}

/** New order: each row's sort_order is its index. */
export async function reorderMedia(ordered: OwnMedia[]) {
  const supabase = await portalClient();
  await Promise.all(ordered.map((item, index) => (item.sort_order === index ? null : supabase.from('artist_media').update({ sort_order: index }).eq('id', item.id).then(unwrap))));
}

export async function submitApplication() {
  const supabase = await portalClient();
  unwrap(await supabase.rpc('submit_artist_application'));
}

const extensionOf = (type: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' })[type] ?? 'bin';

/**
 * Uploads a photo to artist-media/{act id}/… with a progress bar (the shared storage upload);
 * then records it as the act's next photo, and as its cover when it has none.
 */
export function uploadPhoto(act: OwnAct, file: File, sortOrder: number, onProgress: (fraction: number) => void): { done: Promise<void>; abort: () => void } {
  const path = `${act.id}/${crypto.randomUUID()}.${extensionOf(file.type)}`;
  let stop = () => {};
  let stopped = false;
  const done = (async () => {
    const supabase = await portalClient();
    const { data } = await supabase.auth.getSession();
    const token = data.session?.access_token;
    if (!token) throw new Error('Je sessie is verlopen. Log opnieuw in.');
    if (stopped) throw new Error('Upload gestopt.');
    const upload = uploadWithProgress({ supabaseUrl: env.supabaseUrl, anonKey: env.supabaseAnonKey, accessToken: token, bucket: 'artist-media', path, body: file, onProgress });
    stop = upload.abort;
    await upload.done;
    try {
      unwrap(await supabase.from('artist_media').insert({ artist_id: act.id, kind: 'image', storage_path: path, sort_order: sortOrder }).select('id').single());
      if (!act.cover_path) await setCover(act.id, path);
    } catch (error) {
      // Nothing half-saved: a photo the act does not list is removed again.
      await supabase.storage.from('artist-media').remove([path]);
      throw error;
    }
  })();
  return {
    done,
    abort: () => {
      stopped = true;
      stop();
    },
  };
}
