import { describe, expect, it } from 'vitest';
import { allCategories } from './catalog.ts';
import { DAY, HOUR, SHIFT_SAFE_GAP, demoAccounts, demoPassword, generateSeed, seedRules } from './content.ts';
import { bookingStatuses, ledgerTypes, type SeedBooking } from './model.ts';

const now = new Date(Date.UTC(2026, 10, 22, 10, 30));
const data = generateSeed({ now });
const { anchor } = data;
const approved = data.artists.filter((artist) => artist.approvalStatus === 'approved');
const profileByEmail = (email: string) => data.profiles.find((profile) => profile.email === email)!;
const demoCustomer = profileByEmail(demoAccounts.customer.email);
const demoArtistProfile = profileByEmail(demoAccounts.artist.email);
const demoArtist = data.artists.find((artist) => artist.profileId === demoArtistProfile.id)!;
const time = (date: Date) => date.getTime();

// The data model's booking_transitions table: (from, to, actor).
const allowedTransitions = new Set([
  'pending>accepted>artist',
  'pending>accepted>admin',
  'pending>declined>artist',
  'pending>declined>admin',
  'pending>cancelled>customer',
  'pending>cancelled>admin',
  'pending>cancelled>system',
  'accepted>confirmed>system',
  'accepted>expired>system',
  'accepted>cancelled>customer',
  'accepted>cancelled>artist',
  'accepted>cancelled>admin',
  'confirmed>completed>system',
  'confirmed>completed>admin',
  'confirmed>cancelled>customer',
  'confirmed>cancelled>artist',
  'confirmed>cancelled>admin',
  'confirmed>cancelled>system',
]);

describe('determinism', () => {
  it('gives the same data, ids included, for the same seed and reference week', () => {
    expect(generateSeed({ now })).toEqual(data);
    // Any moment of the same week gives the same data: everything hangs off its Monday.
    expect(generateSeed({ now: new Date(Date.UTC(2026, 10, 16, 0, 5)) })).toEqual(data);
  });

  it('gives different data for another seed', () => {
    const other = generateSeed({ seed: 'ander', now });
    expect(other.profiles[0]!.id).not.toBe(data.profiles[0]!.id);
    expect(other.artists.map((artist) => artist.city.name)).not.toEqual(data.artists.map((artist) => artist.city.name));
  });

  it('anchors on the Monday of the reference week', () => {
    expect(anchor.toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});

describe('artists', () => {
  it('has at least 60 approved artists, and some pending and rejected ones', () => {
    expect(approved.length).toBeGreaterThanOrEqual(60);
    expect(data.artists.filter((artist) => artist.approvalStatus === 'pending').length).toBeGreaterThanOrEqual(3);
    expect(data.artists.filter((artist) => artist.approvalStatus === 'rejected').every((artist) => artist.rejectionReason)).toBe(true);
    expect(data.artists.some((artist) => artist.approvalStatus === 'rejected')).toBe(true);
  });

  it('covers every category with approved artists, across at least 25 Dutch and Flemish cities', () => {
    for (const category of allCategories) expect(approved.filter((artist) => artist.categories.includes(category)).length, category).toBeGreaterThanOrEqual(3);
    const cities = new Set(approved.map((artist) => artist.city.name));
    expect(cities.size).toBeGreaterThanOrEqual(25);
    expect(new Set(approved.map((artist) => artist.city.country))).toEqual(new Set(['NL', 'BE']));
  });

  it('has unique, URL-safe slugs and readable bios of two to four sentences', () => {
    expect(new Set(data.artists.map((artist) => artist.slug)).size).toBe(data.artists.length);
    for (const artist of data.artists) {
      expect(artist.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const sentences = artist.bio.split(/(?<=[.!?])\s+(?=[A-Z'])/);
      expect(sentences.length, artist.bio).toBeGreaterThanOrEqual(2);
      expect(sentences.length, artist.bio).toBeLessThanOrEqual(4);
      expect(artist.bio).not.toMatch(/[{}]|lorem|undefined|NaN/i);
    }
    expect(new Set(data.artists.map((artist) => artist.bio)).size).toBe(data.artists.length);
  });

  it('has two or three packages, and a base price that is the cheapest', () => {
    for (const artist of data.artists) {
      expect(artist.packages.length).toBeGreaterThanOrEqual(2);
      expect(artist.packages.length).toBeLessThanOrEqual(3);
      expect(artist.basePriceCents).toBe(Math.min(...artist.packages.map((pkg) => pkg.priceCents)));
      for (const pkg of artist.packages) {
        expect(pkg.priceCents % 100).toBe(0);
        expect(pkg.durationMinutes).toBeGreaterThanOrEqual(15);
        expect(pkg.description.length).toBeGreaterThan(20);
      }
    }
  });

  it('keeps rating figures in step with the reviews', () => {
    for (const artist of data.artists) {
      const ratings = data.reviews.filter((review) => review.artistId === artist.id).map((review) => review.rating);
      expect(artist.reviewCount).toBe(ratings.length);
      if (ratings.length) expect(artist.ratingAvg).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 2);
    }
    expect(approved.filter((artist) => artist.reviewCount > 0).length).toBeGreaterThan(approved.length * 0.8);
  });

  it('blocks dates around today that never fall on a booked day', () => {
    const withBlocks = approved.filter((artist) => artist.blockedDates.length > 0);
    expect(withBlocks.length).toBe(approved.length);
    for (const artist of approved) {
      const gigs = data.bookings.filter((booking) => booking.artistId === artist.id);
      for (const block of artist.blockedDates) {
        expect(time(block.endsOn)).toBeGreaterThanOrEqual(time(block.startsOn));
        for (const gig of gigs) {
          const day = Date.UTC(gig.startsAt.getUTCFullYear(), gig.startsAt.getUTCMonth(), gig.startsAt.getUTCDate());
          expect(day >= time(block.startsOn) && day <= time(block.endsOn), `${artist.name} ${gig.startsAt.toISOString()}`).toBe(false);
        }
      }
    }
    const future = approved.flatMap((artist) => artist.blockedDates).filter((block) => block.startsOn > anchor);
    expect(future.length).toBeGreaterThan(approved.length);
  });
});

describe('accounts', () => {
  it('lists demo accounts that exist with a password passing the signup rules', () => {
    expect(demoPassword.length).toBeGreaterThanOrEqual(6);
    for (const account of Object.values(demoAccounts)) {
      const profile = profileByEmail(account.email);
      expect(profile.role).toBe(account.role);
      expect(profile.password).toBe(demoPassword);
    }
    expect(data.profiles.filter((profile) => profile.role === 'admin').length).toBeGreaterThanOrEqual(1);
    expect(data.profiles.filter((profile) => profile.role === 'customer').length).toBeGreaterThanOrEqual(30);
  });

  it('has unique e-mails and referral codes (case-insensitively), and referrers who signed up first', () => {
    expect(new Set(data.profiles.map((profile) => profile.email)).size).toBe(data.profiles.length);
    expect(new Set(data.profiles.map((profile) => profile.referralCode?.toLowerCase())).size).toBe(data.profiles.length);
    const byId = new Map(data.profiles.map((profile) => [profile.id, profile]));
    for (const profile of data.profiles.filter((candidate) => candidate.referrerId)) {
      const referrer = byId.get(profile.referrerId!)!;
      expect(referrer.id).not.toBe(profile.id);
      expect(time(referrer.createdAt)).toBeLessThan(time(profile.createdAt));
    }
    expect(data.profiles.filter((profile) => profile.referrerId === demoCustomer.id).length).toBeGreaterThanOrEqual(5);
  });
});

describe('bookings', () => {
  const allowed = (booking: SeedBooking) => booking.history.slice(1).every((step) => allowedTransitions.has(`${step.from}>${step.to}>${step.actor}`));

  it('has every status, for the demo customer and the demo artist too', () => {
    const statuses = (bookings: SeedBooking[]) => new Set(bookings.map((booking) => booking.status));
    expect(statuses(data.bookings)).toEqual(new Set(bookingStatuses));
    expect(statuses(data.bookings.filter((booking) => booking.customerId === demoCustomer.id))).toEqual(new Set(bookingStatuses));
    expect(statuses(data.bookings.filter((booking) => booking.artistId === demoArtist.id))).toEqual(new Set(bookingStatuses));
  });

  it('never overlaps two accepted or confirmed bookings of one artist', () => {
    const holding = data.bookings.filter((booking) => booking.status === 'accepted' || booking.status === 'confirmed');
    for (const a of holding) {
      for (const b of holding) {
        if (a === b || a.artistId !== b.artistId) continue;
        expect(a.startsAt < b.endsAt && b.startsAt < a.endsAt, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
    expect(holding.length).toBeGreaterThan(50);
  });

  it('books only approved artists, with their own packages and consistent money', () => {
    const artists = new Map(data.artists.map((artist) => [artist.id, artist]));
    for (const booking of data.bookings) {
      const artist = artists.get(booking.artistId)!;
      expect(artist.approvalStatus).toBe('approved');
      const pkg = artist.packages.find((candidate) => candidate.id === booking.packageId)!;
      expect(booking.priceCents).toBe(pkg.priceCents);
      expect(time(booking.endsAt) - time(booking.startsAt)).toBe(pkg.durationMinutes * 60_000);
      expect(booking.platformFeeCents).toBe(Math.round(booking.priceCents * seedRules.platformFeeRate));
      expect(booking.totalCents).toBe(booking.priceCents + booking.platformFeeCents - booking.bandsAppliedCents);
      expect(booking.totalCents).toBeGreaterThanOrEqual(0);
      if (booking.payment) {
        expect(booking.payment.amountCents).toBe(booking.totalCents);
        expect(booking.payment.refundedCents).toBeLessThanOrEqual(booking.payment.amountCents);
      }
      expect(booking.customerId).not.toBe(artist.profileId);
    }
  });

  it('walks each booking through allowed transitions, in time, ending in its status', () => {
    for (const booking of data.bookings) {
      const history = booking.history;
      expect(history[0]!.to).toBe('pending');
      expect(history[history.length - 1]!.to).toBe(booking.status);
      expect(allowed(booking), `${booking.id}: ${history.map((step) => `${step.to}/${step.actor}`).join(' ')}`).toBe(true);
      for (let i = 1; i < history.length; i++) expect(time(history[i]!.at)).toBeGreaterThan(time(history[i - 1]!.at));
      expect(time(history[history.length - 1]!.at)).toBeLessThanOrEqual(time(anchor));
      expect(booking.createdAt).toEqual(history[0]!.at);
      expect(booking.payment !== null).toBe(booking.confirmedAt !== null);
    }
  });

  it('keeps statuses believable for the time they are seen in, whatever day of the week the seed runs', () => {
    const shift = 7 * DAY - 1; // moments move with now(), events with the week's Monday
    for (const booking of data.bookings) {
      const future = time(booking.startsAt) >= time(anchor) + 8 * DAY;
      const past = time(booking.endsAt) <= time(anchor) - 2 * DAY;
      expect(future || past, booking.status).toBe(true);
      if (['pending', 'accepted', 'confirmed'].includes(booking.status)) expect(future, booking.status).toBe(true);
      if (booking.status === 'completed') {
        expect(past).toBe(true);
        expect(time(booking.completedAt!)).toBeGreaterThan(time(booking.endsAt));
      }
      // Everything before the event stays before it after the shift.
      for (const step of booking.history.filter((candidate) => candidate.to !== 'completed')) {
        expect(time(step.at) + shift, `${booking.status} ${step.to}`).toBeLessThan(time(booking.startsAt));
      }
      // Moments keep their distance to now(): open requests and payments are still within their windows.
      if (booking.status === 'pending') expect(time(anchor) - time(booking.createdAt)).toBeLessThan(seedRules.requestTtlHours * HOUR);
      if (booking.status === 'accepted') expect(time(anchor) - time(booking.acceptedAt!)).toBeLessThan(seedRules.paymentWindowHours * HOUR);
      if (booking.status === 'expired') expect(time(booking.expiredAt!) - time(booking.acceptedAt!)).toBeGreaterThanOrEqual(seedRules.paymentWindowHours * HOUR);
    }
    expect(SHIFT_SAFE_GAP).toBeGreaterThan(shift);
  });
});

describe('reviews', () => {
  it('reviews only completed bookings, once, by their customer, after the event', () => {
    const bookings = new Map(data.bookings.map((booking) => [booking.id, booking]));
    expect(new Set(data.reviews.map((review) => review.bookingId)).size).toBe(data.reviews.length);
    for (const review of data.reviews) {
      const booking = bookings.get(review.bookingId)!;
      expect(booking.status).toBe('completed');
      expect(review.customerId).toBe(booking.customerId);
      expect(review.artistId).toBe(booking.artistId);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(time(review.createdAt)).toBeGreaterThan(time(booking.completedAt!));
      expect(time(review.createdAt)).toBeLessThan(time(anchor));
      expect(review.text).not.toMatch(/[{}]/);
      if (review.reply) expect(time(review.repliedAt!)).toBeGreaterThan(time(review.createdAt));
    }
    expect(data.reviews.length).toBeGreaterThan(150);
    expect(data.reviews.filter((review) => review.reply).length).toBeGreaterThan(20);
    expect(new Set(data.reviews.map((review) => review.rating)).size).toBeGreaterThanOrEqual(3);
  });

  it('leaves the demo customer a completed booking to review', () => {
    const reviewed = new Set(data.reviews.map((review) => review.bookingId));
    expect(data.bookings.some((booking) => booking.customerId === demoCustomer.id && booking.status === 'completed' && !reviewed.has(booking.id))).toBe(true);
  });
});

describe('BANDS ledger', () => {
  it('sums to every balance and never dips below zero along the way', () => {
    const running = new Map<string, number>();
    for (const entry of [...data.ledger].sort((a, b) => time(a.createdAt) - time(b.createdAt))) {
      const balance = (running.get(entry.userId) ?? 0) + entry.amountCents;
      expect(balance, `${entry.type} ${entry.reason}`).toBeGreaterThanOrEqual(0);
      running.set(entry.userId, balance);
    }
    for (const profile of data.profiles) expect(profile.bandsBalanceCents, profile.email).toBe(running.get(profile.id) ?? 0);
    expect(data.profiles.filter((profile) => profile.bandsBalanceCents > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('holds every entry type, with the signs, sources and bookings the schema demands', () => {
    // Every type but the two reversals: in the seed's story no gig is refunded after it was played,
    // and every paid booking that was cancelled came long after its customer's welcome credit ran out.
    expect(new Set(data.ledger.map((entry) => entry.type))).toEqual(new Set(ledgerTypes.filter((type) => !type.endsWith('_reversal'))));
    expect(new Set(data.ledger.map((entry) => `${entry.type}|${entry.source}`)).size).toBe(data.ledger.length);
    const bookings = new Map(data.bookings.map((booking) => [booking.id, booking]));
    for (const entry of data.ledger) {
      expect(entry.amountCents).not.toBe(0);
      if (entry.type === 'booking_redeem') {
        expect(entry.amountCents).toBeLessThan(0);
        expect(-entry.amountCents).toBe(bookings.get(entry.bookingId!)!.bandsAppliedCents);
      } else if (entry.type === 'welcome_reversal') {
        expect(-entry.amountCents).toBe(bookings.get(entry.bookingId!)!.welcomeCreditCents);
        expect(bookings.get(entry.bookingId!)!.status).toBe('cancelled');
      } else if (entry.type !== 'admin_adjustment') expect(entry.amountCents).toBeGreaterThan(0);
      if (entry.type === 'refund') expect(bookings.get(entry.bookingId!)!.status).toBe('cancelled');
      if (entry.type === 'welcome_bonus') expect(entry.amountCents).toBe(seedRules.welcomeBonusCents);
      if (entry.type === 'referral_bonus') {
        expect(entry.amountCents).toBe(seedRules.referralBonusCents);
        // Paid for the referred customer's completed gig, never for an act the referrer owns.
        const booking = bookings.get(entry.bookingId!)!;
        expect(booking.status).toBe('completed');
        expect(data.artists.find((artist) => artist.id === booking.artistId)!.profileId).not.toBe(entry.userId);
      }
      if (entry.type === 'welcome_bonus') expect(entry.bookingId).toBe(entry.source);
    }
    const redeemed = data.bookings.filter((booking) => booking.bandsAppliedCents > 0);
    expect(redeemed.length).toBe(data.ledger.filter((entry) => entry.type === 'booking_redeem').length);
    for (const profile of data.profiles) {
      expect(profile.referralBonusUses).toBe(data.ledger.filter((entry) => entry.type === 'referral_bonus' && entry.userId === profile.id).length);
    }
  });
});

describe('chat', () => {
  const messages = data.conversations.flatMap((conversation) => conversation.messages);

  it('has one conversation per customer and artist, with messages from its two participants in time order', () => {
    expect(new Set(data.conversations.map((conversation) => `${conversation.customerId}|${conversation.artistId}`)).size).toBe(data.conversations.length);
    const artists = new Map(data.artists.map((artist) => [artist.id, artist]));
    for (const conversation of data.conversations) {
      const participants = new Set([conversation.customerId, artists.get(conversation.artistId)!.profileId]);
      expect(conversation.messages.length).toBeGreaterThan(0);
      for (const [i, message] of conversation.messages.entries()) {
        expect(participants.has(message.senderId)).toBe(true);
        expect(message.text).not.toMatch(/[{}]/);
        expect(time(message.createdAt)).toBeLessThan(time(anchor));
        if (i > 0) expect(time(message.createdAt)).toBeGreaterThan(time(conversation.messages[i - 1]!.createdAt));
      }
    }
  });

  it('leaves unread messages only after the recipient last spoke, and some for both demo accounts', () => {
    for (const conversation of data.conversations) {
      const list = conversation.messages;
      for (const [i, message] of list.entries()) {
        if (message.isRead) continue;
        // Nothing the other side said after an unread message.
        expect(list.slice(i + 1).every((later) => later.senderId === message.senderId)).toBe(true);
      }
    }
    expect(messages.filter((message) => !message.isRead).length).toBeGreaterThan(20);
    const unreadFor = (profileId: string, asCustomer: boolean) =>
      data.conversations
        .filter((conversation) => (asCustomer ? conversation.customerId === profileId : conversation.artistId === demoArtist.id))
        .flatMap((conversation) => conversation.messages)
        .filter((message) => !message.isRead && message.senderId !== profileId).length;
    expect(unreadFor(demoCustomer.id, true)).toBeGreaterThan(0);
    expect(unreadFor(demoArtistProfile.id, false)).toBeGreaterThan(0);
  });
});

describe('news and media', () => {
  it('has published articles in the past and drafts', () => {
    expect(new Set(data.news.map((article) => article.slug)).size).toBe(data.news.length);
    const published = data.news.filter((article) => article.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(data.news.some((article) => article.status === 'draft' && article.publishedAt === null)).toBe(true);
    for (const article of published) expect(time(article.publishedAt!)).toBeLessThan(time(anchor));
    for (const article of data.news) expect(article.body.split('\n\n').length).toBeGreaterThanOrEqual(2);
  });

  it('draws a photo and a cover for every artist and an image for every avatar and news cover, in the owner’s (or the act’s) folder', () => {
    const paths = new Set(data.media.map((media) => `${media.bucket}/${media.path}`));
    expect(paths.size).toBe(data.media.length);
    for (const artist of data.artists) {
      expect(paths.has(`artist-media/${artist.photoPath}`)).toBe(true);
      expect(paths.has(`artist-media/${artist.coverPath}`)).toBe(true);
    }
    for (const profile of data.profiles.filter((candidate) => candidate.avatarPath)) expect(paths.has(`avatars/${profile.avatarPath}`)).toBe(true);
    for (const article of data.news) expect(paths.has(`news-covers/${article.coverPath}`)).toBe(true);
    for (const media of data.media.filter((candidate) => candidate.bucket === 'avatars')) expect(media.path.startsWith(`${media.ownerId}/`)).toBe(true);
    // An act's files are in the act's own folder (the database holds its rows to it), owned by its owner.
    const acts = new Map(data.artists.map((artist) => [artist.id, artist]));
    for (const media of data.media.filter((candidate) => candidate.bucket === 'artist-media')) expect(acts.get(media.path.split('/')[0]!)?.profileId).toBe(media.ownerId);
  });
});
