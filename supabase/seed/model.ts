// The seed's own data model: what the generator produces, independent of the SQL that stores
// it. Times are Europe/Amsterdam wall-clock times held in `Date`s as if they were UTC
// ("naive"), so day arithmetic never trips over daylight saving; the SQL writer turns them into
// offsets from the reference week.
import type { ArtistKind } from './catalog.ts';
import type { City } from './places.ts';
import type { EventType } from './words.ts';

export type Role = 'customer' | 'artist' | 'admin';

export interface SeedProfile {
  id: string;
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** Dutch only (profiles.phone); null for a Belgian profile. */
  phone: string | null;
  country: 'NL' | 'BE';
  createdAt: Date;
  referralCode: string | null;
  referrerId: string | null;
  /** Referral bonuses earned: referred users whose first booking was paid. */
  referralBonusUses: number;
  avatarPath: string | null;
  bandsBalanceCents: number;
}

export interface SeedPackage {
  id: string;
  artistId: string;
  name: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  position: number;
  startsAt: [number, number];
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** Days an artist is unavailable, first and last day included (midnights, naive local). */
export interface SeedBlockedDate {
  artistId: string;
  startsOn: Date;
  endsOn: Date;
  reason: string;
}

export interface SeedArtist {
  id: string;
  profileId: string;
  name: string;
  slug: string;
  kind: ArtistKind;
  genre: string;
  categories: string[];
  city: City;
  lat: number;
  lng: number;
  travelRadiusKm: number;
  members: number;
  bio: string;
  basePriceCents: number;
  approvalStatus: ApprovalStatus;
  /** Set when rejected. */
  rejectionReason: string | null;
  reviewedAt: Date | null;
  priority: number;
  createdAt: Date;
  photoPath: string;
  coverPath: string;
  packages: SeedPackage[];
  blockedDates: SeedBlockedDate[];
  ratingAvg: number | null;
  reviewCount: number;
}

export const bookingStatuses = ['pending', 'accepted', 'declined', 'confirmed', 'expired', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export type BookingActor = 'customer' | 'artist' | 'admin' | 'system';

export interface BookingTransition {
  from: BookingStatus | null;
  to: BookingStatus;
  at: Date;
  actor: BookingActor;
  /** The profile that made it; null for the system (payment, expiry, completion). */
  actorId: string | null;
  reason: string | null;
}

export interface SeedPayment {
  providerPaymentId: string;
  amountCents: number;
  method: 'ideal' | 'bancontact' | 'creditcard';
  paidAt: Date;
  refundedCents: number;
}

export interface SeedBooking {
  id: string;
  customerId: string;
  artistId: string;
  packageId: string;
  eventType: EventType;
  startsAt: Date;
  endsAt: Date;
  venue: string;
  city: City;
  guests: number;
  notes: string | null;
  priceCents: number;
  platformFeeCents: number;
  bandsAppliedCents: number;
  /** The part of bandsAppliedCents that was the welcome credit. */
  welcomeCreditCents: number;
  totalCents: number;
  status: BookingStatus;
  createdAt: Date;
  acceptedAt: Date | null;
  declinedAt: Date | null;
  confirmedAt: Date | null;
  expiredAt: Date | null;
  cancelledAt: Date | null;
  completedAt: Date | null;
  cancelledBy: 'customer' | 'artist' | null;
  /** Why it was declined or cancelled. */
  statusReason: string | null;
  /** Set once paid (confirmed, and completed or cancelled after that). */
  payment: SeedPayment | null;
  /** Every transition from the request on, in order; the last one's `to` is `status`. */
  history: BookingTransition[];
}

export interface SeedReview {
  id: string;
  bookingId: string;
  artistId: string;
  customerId: string;
  rating: number;
  text: string;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
}

export interface SeedMessage {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: Date;
  isRead: boolean;
}

export interface SeedConversation {
  id: string;
  customerId: string;
  artistId: string;
  createdAt: Date;
  messages: SeedMessage[];
}

export interface SeedNewsArticle {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  status: 'published' | 'draft';
  publishedAt: Date | null;
  createdAt: Date;
  authorId: string;
  coverPath: string;
}

export const ledgerTypes = ['welcome_bonus', 'referral_bonus', 'booking_redeem', 'refund', 'admin_adjustment', 'welcome_reversal', 'referral_reversal'] as const;
export type LedgerType = (typeof ledgerTypes)[number];

export interface SeedLedgerEntry {
  id: string;
  userId: string;
  amountCents: number;
  type: LedgerType;
  reason: string;
  /** What caused it; one entry per (type, source), as the ledger's unique key demands. */
  source: string;
  bookingId: string | null;
  createdAt: Date;
}

export interface SeedFavorite {
  profileId: string;
  artistId: string;
  createdAt: Date;
}

/** What an image shows; `images.ts` draws it. */
export type MediaSpec =
  | { kind: 'artist-cover' | 'artist-photo'; artistName: string; artistKind: ArtistKind; genre: string; city: string; members: number }
  | { kind: 'avatar'; initials: string }
  | { kind: 'news-cover'; title: string; theme: string };

export interface SeedMedia {
  bucket: string;
  /** Inside the bucket; user media sits in the owner's folder, `{profile_id}/...`. */
  path: string;
  /** The profile the object belongs to (storage's `owner`). */
  ownerId: string | null;
  width: number;
  height: number;
  contentType: 'image/jpeg';
  spec: MediaSpec;
}

export interface SeedData {
  seed: string;
  /** The reference time: Monday 00:00 of the reference week; everything "past" is before it. */
  anchor: Date;
  profiles: SeedProfile[];
  artists: SeedArtist[];
  bookings: SeedBooking[];
  reviews: SeedReview[];
  conversations: SeedConversation[];
  news: SeedNewsArticle[];
  ledger: SeedLedgerEntry[];
  favorites: SeedFavorite[];
  media: SeedMedia[];
}
