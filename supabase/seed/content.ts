// The demo data generator: a deterministic function of a seed string and a reference date.
// Same seed, same data, down to the ids; a later reference date moves everything along, so the
// demo never looks stale.
import { catalog, kindCategory, type ArtistKind, type CatalogArtist } from './catalog.ts';
import type {
  BookingActor,
  BookingStatus,
  BookingTransition,
  LedgerType,
  SeedArtist,
  SeedBlockedDate,
  SeedBooking,
  SeedConversation,
  SeedData,
  SeedFavorite,
  SeedLedgerEntry,
  SeedMedia,
  SeedMessage,
  SeedNewsArticle,
  SeedPackage,
  SeedProfile,
  SeedReview,
} from './model.ts';
import { newsTemplates } from './news.ts';
import { cities, venues, type City } from './places.ts';
import { Random } from './random.ts';
import {
  bioParts,
  bookingNotes,
  cancellationReasons,
  chatScripts,
  declineReasons,
  festivals,
  fill,
  firstNames,
  genreInSentence,
  numberWord,
  lastNames,
  packageTemplates,
  priceLevels,
  reviewReplies,
  reviewTexts,
  type EventType,
} from './words.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** One password for every seeded account, so any of them can be tried; passes SPEC 5.1. */
export const demoPassword = 'Podium2026!';

/**
 * The demo admin's authenticator secret (TOTP, SHA1, 6 digits, 30 s), published in the README so
 * the local demo and the tests can compute the second-factor code. Never a real admin's.
 */
export const demoAdminTotpSecret = 'PODIUMDEMOADMINTWEESTAPSGEHEIMXX';

export interface DemoAccount {
  email: string;
  role: SeedProfile['role'];
  firstName: string;
  lastName: string;
  /** What you find when you log in as this account. */
  description: string;
}

/** The accounts the README lists; all use `demoPassword`. */
export const demoAccounts = {
  customer: {
    email: 'klant@podium.nl',
    role: 'customer',
    firstName: 'Sanne',
    lastName: 'de Vries',
    description: 'klant: boekingen in elke status, chats met ongelezen berichten, favorieten, BANDS-tegoed en aangebrachte vrienden',
  },
  flemishCustomer: {
    email: 'klant.vlaanderen@podium.nl',
    role: 'customer',
    firstName: 'Lien',
    lastName: 'Peeters',
    description: 'Vlaamse klant uit Gent, aangebracht door klant@podium.nl (welkomstbonus)',
  },
  artist: {
    email: 'artiest@podium.nl',
    role: 'artist',
    firstName: 'Bram',
    lastName: 'Visser',
    description: 'artiest: eigenaar van De Dijkbrekers (goedgekeurd), boekingen in elke status, reviews en ongelezen berichten',
  },
  pendingArtist: {
    email: 'nieuwe.artiest@podium.nl',
    role: 'artist',
    firstName: 'Noor',
    lastName: 'Hendriks',
    description: 'artiest in afwachting van goedkeuring (Stadsgeruis)',
  },
  admin: {
    email: 'admin@podium.nl',
    role: 'admin',
    firstName: 'Eva',
    lastName: 'Jansen',
    description: 'beheerder: goedkeuringen, artiesten, boekingen, nieuws en prioriteit',
  },
} as const satisfies Record<string, DemoAccount>;

/** The amounts and windows of the data model's app_config, which the seed follows. */
export const seedRules = {
  platformFeeRate: 0.05,
  welcomeBonusCents: 500,
  referralBonusCents: 1000,
  welcomeCreditValidDays: 90,
  referralBonusMonthlyCap: 10,
  /** Hours an accepted booking waits for payment before it expires. */
  paymentWindowHours: 72,
  /** Hours an artist has to answer a request. */
  requestTtlHours: 168,
};

/**
 * seed.sql places moments (requests, payments, messages) relative to the time it runs, and
 * event dates relative to that week's Monday, so weddings stay on Saturdays. The two differ by
 * less than a week; keeping a gap of more than a week between an event in the past and what
 * happened before it keeps their order whatever day the seed runs.
 */
export const SHIFT_SAFE_GAP = 8 * DAY;

/** Artists that have not passed the admin's review. */
const notApproved: Record<string, { status: 'pending' | 'rejected'; reason?: string }> = {
  Stadsgeruis: { status: 'pending' },
  Boemerang: { status: 'pending' },
  'DJ Jasper Kraak': { status: 'pending' },
  'Duo Hartslag': { status: 'pending' },
  'Levend Standbeeld Brons': { status: 'pending' },
  'Saxofonist Jelle': { status: 'pending' },
  'Kwartje Gevallen': { status: 'rejected', reason: 'Er is geen beeld- of geluidsmateriaal aangeleverd. Voeg een video van een recent optreden toe en meld je opnieuw aan.' },
  'Sneltekenaar Roos': { status: 'rejected', reason: 'Karikaturisten vallen (nog) buiten het aanbod van Podium.' },
  Klavier4: { status: 'rejected', reason: 'De opgegeven prijzen en pakketten ontbreken. Vul je profiel aan en dien het opnieuw in.' },
};

export const buckets = { avatars: 'avatars', artistMedia: 'artist-media', news: 'news-covers' } as const;

export interface SeedOptions {
  seed?: string;
  /** Reference date (any time in the reference week); defaults to the current date. */
  now?: Date;
}

/** Today as a naive Europe/Amsterdam wall-clock time. */
export function amsterdamNow(date = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')));
}

/** Monday 00:00 of the week that holds `now`. */
export function weekAnchor(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mondayIndex = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - mondayIndex * DAY);
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const ascii = (text: string) => slugify(text).replace(/-/g, '');
const initialsOf = (first: string, last: string) => {
  const lastWord =
    last
      .split(' ')
      .filter((word) => word[0] === word[0]?.toUpperCase())
      .pop() ?? last;
  return (first[0]! + lastWord[0]!).toUpperCase();
};
const at = (base: Date, offset: number) => new Date(base.getTime() + offset);
const minDate = (...dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
const euros = (amount: number) => Math.round(amount) * 100;

export function generateSeed(options: SeedOptions = {}): SeedData {
  const seed = options.seed ?? 'podium';
  const anchor = weekAnchor(options.now ?? amsterdamNow());
  const root = new Random(seed);
  return new Generator(root, anchor).run();
}

class Generator {
  readonly profiles: SeedProfile[] = [];
  readonly artists: SeedArtist[] = [];
  readonly bookings: SeedBooking[] = [];
  readonly reviews: SeedReview[] = [];
  readonly conversations: SeedConversation[] = [];
  readonly news: SeedNewsArticle[] = [];
  readonly ledger: SeedLedgerEntry[] = [];
  readonly favorites: SeedFavorite[] = [];
  readonly media: SeedMedia[] = [];
  private readonly usedEmails = new Set<string>();
  private readonly usedCodes = new Set<string>();
  /** Day offsets (from the anchor) already taken per artist: one booking a day keeps them apart. */
  private readonly artistDays = new Map<string, Set<number>>();
  private readonly ids: Random;

  constructor(
    private readonly root: Random,
    private readonly anchor: Date,
  ) {
    this.ids = root.fork('ids');
  }

  run(): SeedData {
    const admins = this.createAdmins();
    const customers = this.createCustomers();
    this.createArtists();
    this.createBookings(customers);
    this.settleAccountDates(customers);
    this.createReferrals(customers);
    this.createReviews();
    this.createBlockedDates();
    this.createLedger(customers);
    this.createConversations();
    this.createFavorites(customers);
    this.createNews(admins);
    this.createAvatars();
    return {
      seed: this.root.seed,
      anchor: this.anchor,
      profiles: this.profiles,
      artists: this.artists,
      bookings: this.bookings.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()),
      reviews: this.reviews,
      conversations: this.conversations,
      news: this.news,
      ledger: this.ledger,
      favorites: this.favorites,
      media: this.media,
    };
  }

  private day(offset: number, hours = 0, minutes = 0) {
    return new Date(this.anchor.getTime() + offset * DAY + hours * HOUR + minutes * MINUTE);
  }

  /**
   * A Dutch mobile number as people type it (the database stores it as +316…). Profiles take Dutch
   * numbers only, so a Belgian profile has none; its digits are drawn all the same, so the rest of
   * the seed stays as it was.
   */
  private phone(rng: Random, country: 'NL' | 'BE'): string | null {
    const digits = (count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join('');
    if (country === 'NL') return `06-${digits(8)}`;
    rng.int(70, 99);
    digits(6);
    return null;
  }

  private email(first: string, last: string) {
    const base = `${ascii(first)}.${ascii(last)}`;
    let email = `${base}@demo.podium.nl`;
    for (let n = 2; this.usedEmails.has(email); n++) email = `${base}${n}@demo.podium.nl`;
    this.usedEmails.add(email);
    return email;
  }

  private profile(rng: Random, fields: Partial<SeedProfile> & Pick<SeedProfile, 'role' | 'country'>): SeedProfile {
    const firstName = fields.firstName ?? rng.pick(firstNames[fields.country]);
    const lastName = fields.lastName ?? rng.pick(lastNames[fields.country]);
    const email = fields.email ?? this.email(firstName, lastName);
    this.usedEmails.add(email);
    const profile: SeedProfile = {
      id: this.ids.uuid(),
      email,
      password: demoPassword,
      firstName,
      lastName,
      phone: this.phone(rng, fields.country),
      createdAt: this.day(-rng.int(120, 720), rng.int(8, 22), rng.int(0, 59)),
      referralCode: null,
      referrerId: null,
      referralBonusUses: 0,
      avatarPath: null,
      bandsBalanceCents: 0,
      ...fields,
    };
    this.profiles.push(profile);
    return profile;
  }

  private createAdmins() {
    const rng = this.root.fork('admins');
    return [
      this.profile(rng, { ...demoAccounts.admin, country: 'NL', createdAt: this.day(-800, 9) }),
      this.profile(rng, { role: 'admin', country: 'BE', firstName: 'Jef', lastName: 'Claes', email: 'jef@podium.nl', createdAt: this.day(-400, 10) }),
    ];
  }

  private createCustomers() {
    const rng = this.root.fork('customers');
    const customers = [
      this.profile(rng, { ...demoAccounts.customer, country: 'NL', createdAt: this.day(-760, 20, 12) }),
      // A recent sign-up without bookings yet.
      this.profile(rng, { ...demoAccounts.flemishCustomer, country: 'BE', createdAt: this.day(-20, 21, 3) }),
    ];
    for (let i = 0; i < 160; i++) customers.push(this.profile(rng, { role: 'customer', country: rng.chance(0.3) ? 'BE' : 'NL' }));
    return customers;
  }

  private createArtists() {
    const rng = this.root.fork('artists');
    const byCountry = { NL: cities.filter((city) => city.country === 'NL'), BE: cities.filter((city) => city.country === 'BE') };
    // Every city gets at least one artist before any gets a second.
    const cityQueue = { NL: rng.shuffle(byCountry.NL), BE: rng.shuffle(byCountry.BE) };
    const nextCity = (country: 'NL' | 'BE') => cityQueue[country].shift() ?? rng.pick(byCountry[country]);
    for (const entry of catalog) {
      const country = entry.flemish ? 'BE' : 'NL';
      const review = notApproved[entry.name];
      const owner =
        entry.name === 'De Dijkbrekers'
          ? this.profile(rng, { ...demoAccounts.artist, country })
          : entry.name === 'Stadsgeruis'
            ? this.profile(rng, { ...demoAccounts.pendingArtist, country })
            : this.profile(rng, { role: 'artist', country, email: `${slugify(entry.name)}@demo.podium.nl` });
      this.artists.push(this.artist(rng, entry, owner, nextCity(country), review?.status ?? 'approved', review?.reason ?? null));
    }
  }

  private artist(rng: Random, entry: CatalogArtist, owner: SeedProfile, city: City, status: SeedArtist['approvalStatus'], rejectionReason: string | null): SeedArtist {
    const id = this.ids.uuid();
    const slug = slugify(entry.name);
    const [low, high] = priceLevels[entry.kind];
    const level = Math.round(rng.int(low, high) / 50) * 50;
    const templates = packageTemplates[entry.kind];
    const chosen = rng.chance(0.6) ? templates : rng.chance(0.5) ? templates.slice(0, 2) : templates.slice(1);
    const packages: SeedPackage[] = chosen.map((template, position) => ({
      id: this.ids.uuid(),
      artistId: id,
      name: template.name,
      description: template.description,
      durationMinutes: template.durationMinutes,
      priceCents: euros(Math.round((level * template.factor) / 25) * 25),
      position,
      startsAt: template.startsAt,
    }));
    const categories = [kindCategory[entry.kind]];
    if (entry.famous) categories.push('bekende');
    if (entry.international) categories.push('international');
    const weddings = entry.kind !== 'act' || rng.chance(0.5);
    const companies = entry.kind !== 'duo' || rng.chance(0.5);
    if (weddings || !companies) categories.push('huwelijk');
    if (companies) categories.push('bedrijfsfeest');
    const created = this.day(-rng.int(200, 900), rng.int(9, 23));
    return {
      id,
      profileId: owner.id,
      name: entry.name,
      slug,
      kind: entry.kind,
      genre: entry.genre,
      categories,
      city,
      lat: Number((city.lat + (rng.next() - 0.5) * 0.06).toFixed(5)),
      lng: Number((city.lng + (rng.next() - 0.5) * 0.08).toFixed(5)),
      travelRadiusKm: rng.pick([50, 75, 100, 150, 200, 250]),
      members: entry.members,
      bio: this.bio(rng, entry, city),
      basePriceCents: Math.min(...packages.map((pkg) => pkg.priceCents)),
      approvalStatus: status,
      rejectionReason,
      reviewedAt: null,
      priority: status !== 'approved' ? 0 : entry.famous ? rng.int(80, 100) : rng.int(0, 60),
      createdAt: status === 'pending' ? this.day(-rng.int(1, 9), rng.int(9, 22)) : status === 'rejected' ? this.day(-rng.int(15, 60), rng.int(9, 22)) : created,
      photoPath: `${id}/photo.jpg`,
      coverPath: `${id}/cover.jpg`,
      packages,
      blockedDates: [],
      ratingAvg: null,
      reviewCount: 0,
    };
  }

  private bio(rng: Random, entry: CatalogArtist, city: City) {
    const values = {
      name: entry.name,
      city: city.name,
      genre: genreInSentence(entry.genre),
      membersWord: numberWord(entry.members),
      year: this.anchor.getUTCFullYear() - rng.int(3, 18),
      festivalYear: this.anchor.getUTCFullYear() - rng.int(1, 4),
      festival: rng.pick(festivals),
    };
    const sentences = [rng.pick(bioParts.intros[entry.kind].filter((line) => entry.members > 2 || !line.includes('{membersWord}')))];
    // 'ze spelen' is plural: a solo performer gets the sentences without it.
    const fits = (line: string) => entry.members > 1 || !/\b(ze|zij)\b/i.test(line);
    sentences.push(...rng.sample(bioParts.middles.filter(fits), rng.int(1, 2)));
    if (rng.chance(0.6)) sentences.push(rng.pick(bioParts.closings.filter(fits)));
    return sentences.map((sentence) => fill(sentence, values)).join(' ');
  }

  // ---- bookings ------------------------------------------------------------------------------

  private approved() {
    return this.artists.filter((artist) => artist.approvalStatus === 'approved');
  }

  private createBookings(customers: SeedProfile[]) {
    const rng = this.root.fork('bookings');
    const demoCustomer = customers[0]!;
    const others = customers.slice(2);
    const approved = this.approved();
    for (const artist of approved) {
      const demo = artist.slug === 'de-dijkbrekers';
      const famous = artist.categories.includes('bekende');
      const counts: Record<BookingStatus, number> = {
        completed: rng.int(2, 5) + (famous ? 2 : 0),
        confirmed: rng.int(0, 3),
        accepted: rng.chance(0.35) ? 1 : 0,
        pending: rng.int(0, 2),
        declined: rng.chance(0.35) ? 1 : 0,
        expired: rng.chance(0.2) ? 1 : 0,
        cancelled: rng.chance(0.3) ? 1 : 0,
      };
      if (demo) for (const status of Object.keys(counts) as BookingStatus[]) counts[status] = Math.max(counts[status], 2);
      for (const [status, count] of Object.entries(counts) as [BookingStatus, number][]) {
        for (let i = 0; i < count; i++) this.booking(rng, artist, rng.pick(others), status);
      }
    }
    // The demo customer: every status, with several artists.
    for (const status of ['pending', 'accepted', 'declined', 'confirmed', 'confirmed', 'expired', 'cancelled', 'completed', 'completed', 'completed'] as const) {
      this.booking(rng, rng.pick(approved.filter((artist) => artist.slug !== 'de-dijkbrekers')), demoCustomer, status);
    }
    const dijkbrekers = approved.find((artist) => artist.slug === 'de-dijkbrekers')!;
    this.booking(rng, dijkbrekers, demoCustomer, 'confirmed');
    this.booking(rng, dijkbrekers, demoCustomer, 'completed');
  }

  /** A free day for the artist in [from, to], preferring the days this kind of event falls on. */
  private eventDay(rng: Random, artist: SeedArtist, from: number, to: number, eventType: EventType) {
    const taken = this.artistDays.get(artist.id) ?? new Set<number>();
    this.artistDays.set(artist.id, taken);
    // Weekday weights, Monday first.
    const weights = eventType === 'bedrijfsfeest' || eventType === 'kerstborrel' ? [0.05, 0.1, 0.3, 0.8, 1, 0.7, 0.05] : [0.03, 0.03, 0.05, 0.1, 0.6, 1, 0.3];
    for (let attempt = 0; attempt < 500; attempt++) {
      const day = rng.int(from, to);
      const weekday = ((day % 7) + 7) % 7;
      // Clear of the reference week: an event is either well past or at least a week ahead.
      const clear = day <= -4 || day >= 8;
      if (clear && !taken.has(day) && rng.chance(weights[weekday]!)) {
        taken.add(day);
        return day;
      }
    }
    throw new Error(`no free day for ${artist.name} in [${from}, ${to}]`);
  }

  private booking(rng: Random, artist: SeedArtist, customer: SeedProfile, status: BookingStatus) {
    const customerCountry = customer.country;
    let eventType = rng.weighted<EventType>([
      ['bruiloft', 45],
      ['bedrijfsfeest', 25],
      ['verjaardag', 12],
      ['jubileum', 6],
      ['kerstborrel', 6],
      ['festival', 3],
      ['communiefeest', 3],
    ]);
    if (eventType === 'communiefeest' && customerCountry !== 'BE') eventType = 'verjaardag';
    if (eventType === 'bruiloft' && !artist.categories.includes('huwelijk')) eventType = 'bedrijfsfeest';
    const range: Record<BookingStatus, [number, number]> = {
      completed: [-420, -4],
      declined: [-300, 150],
      expired: [-200, 150],
      cancelled: [-200, 200],
      confirmed: [8, 300],
      accepted: [10, 250],
      pending: [8, 250],
    };
    const [from, to] = range[status];
    const dayOffset = this.eventDay(rng, artist, from, to, eventType);
    if (eventType === 'kerstborrel' && this.day(dayOffset).getUTCMonth() !== 11) eventType = 'bedrijfsfeest';
    const pkg = rng.weighted(artist.packages.map((candidate, index) => [candidate, index === 1 ? 3 : 2] as const));
    const startsAt = this.day(dayOffset, pkg.startsAt[0], pkg.startsAt[1]);
    const endsAt = at(startsAt, pkg.durationMinutes * MINUTE);
    const near = cities.filter((city) => city.country === customerCountry);
    const city = rng.chance(0.5) ? artist.city : rng.pick(near);
    const guests = eventType === 'bedrijfsfeest' ? rng.int(4, 40) * 10 : rng.int(4, 18) * 10;
    const fee = Math.round(pkg.priceCents * seedRules.platformFeeRate);

    // Walk back from the last moment anything can have happened: the anchor, or (well) before the event.
    const last = minDate(this.anchor, at(startsAt, -SHIFT_SAFE_GAP));
    const hoursBefore = (date: Date, min: number, max: number) => at(date, -rng.int(min * 60, max * 60) * MINUTE);
    const history: BookingTransition[] = [];
    const times: Partial<Record<'created' | 'accepted' | 'declined' | 'confirmed' | 'expired' | 'cancelled' | 'completed', Date>> = {};
    let cancelledBy: SeedBooking['cancelledBy'] = null;
    switch (status) {
      case 'pending':
        times.created = hoursBefore(this.anchor, 2, 96);
        break;
      case 'accepted':
        times.accepted = hoursBefore(this.anchor, 1, seedRules.paymentWindowHours - 8);
        times.created = hoursBefore(times.accepted, 2, 72);
        break;
      case 'confirmed':
        times.confirmed = hoursBefore(this.anchor, 1, 24 * 120);
        times.accepted = hoursBefore(times.confirmed, 1, 40);
        times.created = hoursBefore(times.accepted, 2, 72);
        break;
      case 'completed':
        times.completed = minDate(at(endsAt, rng.int(2, 26) * HOUR), at(this.anchor, -HOUR));
        times.confirmed = hoursBefore(startsAt, 24 * 9, 24 * 200);
        times.accepted = hoursBefore(times.confirmed, 1, 40);
        times.created = hoursBefore(times.accepted, 2, 72);
        break;
      case 'declined':
        times.declined = hoursBefore(last, 1, 24 * 90);
        times.created = hoursBefore(times.declined, 1, 72);
        break;
      case 'expired':
        times.expired = hoursBefore(last, 1, 24 * 90);
        times.accepted = at(times.expired, -seedRules.paymentWindowHours * HOUR - rng.int(1, 60) * MINUTE);
        times.created = hoursBefore(times.accepted, 2, 72);
        break;
      case 'cancelled': {
        times.cancelled = hoursBefore(last, 1, 24 * 60);
        const before = rng.weighted<BookingStatus>([
          ['pending', 1],
          ['accepted', 1],
          ['confirmed', 2],
        ]);
        cancelledBy = before === 'pending' || rng.chance(0.75) ? 'customer' : 'artist';
        if (before === 'confirmed') times.confirmed = hoursBefore(times.cancelled, 24, 24 * 30);
        if (before !== 'pending') times.accepted = hoursBefore(times.confirmed ?? times.cancelled, 1, 40);
        times.created = hoursBefore(times.accepted ?? times.cancelled, 2, 72);
        break;
      }
    }
    const createdAt = times.created!;
    const statusReason = status === 'declined' ? rng.pick(declineReasons) : cancelledBy ? rng.pick(cancellationReasons[cancelledBy]) : status === 'expired' ? 'Niet op tijd betaald' : null;
    history.push({ from: null, to: 'pending', at: createdAt, actor: 'customer', actorId: customer.id, reason: null });
    const push = (to: BookingStatus, when: Date | undefined, actor: BookingActor, reason: string | null = null) => {
      if (!when) return;
      const actorId = actor === 'customer' ? customer.id : actor === 'artist' ? artist.profileId : null;
      history.push({ from: history[history.length - 1]!.to, to, at: when, actor, actorId, reason });
    };
    push('accepted', times.accepted, 'artist');
    push('declined', times.declined, 'artist', statusReason);
    push('confirmed', times.confirmed, 'system', 'Betaling ontvangen');
    push('expired', times.expired, 'system', statusReason);
    push('cancelled', times.cancelled, cancelledBy ?? 'customer', statusReason);
    push('completed', times.completed, 'system', 'Optreden heeft plaatsgevonden');

    const booking: SeedBooking = {
      id: this.ids.uuid(),
      customerId: customer.id,
      artistId: artist.id,
      packageId: pkg.id,
      eventType,
      startsAt,
      endsAt,
      venue: rng.pick(venues),
      city,
      guests,
      notes: rng.chance(0.5) ? fill(rng.pick(bookingNotes), { guests }) : null,
      priceCents: pkg.priceCents,
      platformFeeCents: fee,
      bandsAppliedCents: 0,
      welcomeCreditCents: 0,
      totalCents: pkg.priceCents + fee,
      status,
      createdAt,
      acceptedAt: times.accepted ?? null,
      declinedAt: times.declined ?? null,
      confirmedAt: times.confirmed ?? null,
      expiredAt: times.expired ?? null,
      cancelledAt: times.cancelled ?? null,
      completedAt: times.completed ?? null,
      cancelledBy,
      statusReason,
      payment: times.confirmed
        ? {
            providerPaymentId: `tr_${this.ids.uuid().replace(/-/g, '').slice(0, 10)}`,
            amountCents: pkg.priceCents + fee,
            method:
              customerCountry === 'BE'
                ? rng.pick(['bancontact', 'creditcard'] as const)
                : rng.weighted([
                    ['ideal', 8],
                    ['creditcard', 1],
                  ] as const),
            paidAt: times.confirmed,
            refundedCents: 0,
          }
        : null,
      history,
    };
    if (booking.payment && times.cancelled) {
      // Refund policy: all back when the artist cancels or more than a month ahead, else half.
      const full = cancelledBy === 'artist' || startsAt.getTime() - times.cancelled.getTime() > 30 * DAY;
      booking.payment.refundedCents = full ? booking.payment.amountCents : Math.round(booking.payment.amountCents / 2);
    }
    this.bookings.push(booking);
    return booking;
  }

  /** Accounts exist before their first booking; artists are approved before theirs. */
  private settleAccountDates(customers: SeedProfile[]) {
    const rng = this.root.fork('account-dates');
    const firstBooking = new Map<string, Date>();
    const firstGig = new Map<string, Date>();
    for (const booking of this.bookings) {
      const keep = (map: Map<string, Date>, key: string) => {
        const known = map.get(key);
        if (!known || booking.createdAt < known) map.set(key, booking.createdAt);
      };
      keep(firstBooking, booking.customerId);
      keep(firstGig, booking.artistId);
    }
    for (const customer of customers) {
      const first = firstBooking.get(customer.id);
      if (first && first < at(customer.createdAt, DAY)) customer.createdAt = at(first, -rng.int(1, 40) * DAY - rng.int(0, 600) * MINUTE);
    }
    const profiles = new Map(this.profiles.map((profile) => [profile.id, profile]));
    for (const artist of this.artists) {
      const first = firstGig.get(artist.id);
      if (first && first < at(artist.createdAt, 30 * DAY)) artist.createdAt = at(first, -rng.int(30, 90) * DAY);
      const owner = profiles.get(artist.profileId)!;
      owner.createdAt = at(artist.createdAt, -rng.int(5, 240) * MINUTE);
      if (artist.approvalStatus !== 'pending') {
        artist.reviewedAt = at(artist.createdAt, rng.int(3, 72) * HOUR);
        if (artist.reviewedAt > this.anchor) artist.reviewedAt = at(this.anchor, -HOUR);
      }
    }
  }

  private createReferrals(customers: SeedProfile[]) {
    const rng = this.root.fork('referrals');
    // Every account gets a code on sign-up (the profile trigger does so), in the same alphabet.
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const code = () => {
      let candidate: string;
      do candidate = Array.from({ length: 8 }, () => rng.pick([...alphabet])).join('');
      while (this.usedCodes.has(candidate));
      this.usedCodes.add(candidate);
      return candidate;
    };
    const [demo, flemish] = customers;
    // The demo customer brought in the Flemish demo customer and a handful of others.
    demo!.referralCode = 'SANNE2026';
    this.usedCodes.add('SANNE2026');
    const later = customers.slice(2).filter((customer) => customer.createdAt > demo!.createdAt);
    for (const referred of [flemish!, ...rng.sample(later, 4)]) referred.referrerId = demo!.id;
    for (const customer of customers.slice(2)) {
      if (customer.referrerId || rng.chance(0.4)) continue;
      const candidates = customers.filter((other) => other !== customer && other.createdAt < customer.createdAt && other.referrerId !== customer.id);
      if (candidates.length > 0 && rng.chance(0.8)) customer.referrerId = rng.pick(candidates).id;
    }
    for (const profile of this.profiles) profile.referralCode ??= code();
  }

  private createReviews() {
    const rng = this.root.fork('reviews');
    const demoCustomerId = this.profiles.find((profile) => profile.email === demoAccounts.customer.email)!.id;
    let demoUnreviewed = false;
    for (const booking of this.bookings) {
      if (booking.status !== 'completed') continue;
      if (booking.customerId === demoCustomerId && !demoUnreviewed) {
        demoUnreviewed = true; // one completed booking left for the demo customer to review
        continue;
      }
      if (!rng.chance(0.8)) continue;
      const artist = this.artists.find((candidate) => candidate.id === booking.artistId)!;
      const rating = rng.weighted([
        [5, 60],
        [4, 28],
        [3, 9],
        [2, 3],
      ] as const);
      // Strictly between completion and the anchor.
      const within = (from: Date, wanted: number) => at(from, Math.min(wanted, Math.floor((this.anchor.getTime() - from.getTime()) * 0.6)));
      const createdAt = within(booking.completedAt!, rng.int(60, 240 * 60) * MINUTE);
      const replies = rng.chance(rating <= 3 ? 0.7 : 0.3);
      const repliedAt = replies ? within(createdAt, rng.int(120, 120 * 60) * MINUTE) : null;
      this.reviews.push({
        id: this.ids.uuid(),
        bookingId: booking.id,
        artistId: artist.id,
        customerId: booking.customerId,
        rating,
        text: fill(rng.pick(reviewTexts[rating]!), { name: artist.name }),
        createdAt,
        reply: replies ? rng.pick(reviewReplies[rating <= 3 ? 'critical' : 'positive']) : null,
        repliedAt,
      });
    }
    for (const artist of this.artists) {
      const ratings = this.reviews.filter((review) => review.artistId === artist.id).map((review) => review.rating);
      artist.reviewCount = ratings.length;
      artist.ratingAvg = ratings.length ? Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100 : null;
    }
  }

  private createBlockedDates() {
    const rng = this.root.fork('blocked');
    for (const artist of this.approved()) {
      const taken = this.artistDays.get(artist.id) ?? new Set<number>();
      const periods: SeedBlockedDate[] = [];
      const wanted = rng.int(2, 5);
      for (let attempt = 0; periods.length < wanted && attempt < 200; attempt++) {
        const reason = rng.weighted([
          ['Vakantie', 1],
          ['Privé', 2],
          ['Elders geboekt', 3],
          ['Studiodag', 1],
          ['Festivaloptreden', 1],
        ] as const);
        const length = reason === 'Vakantie' ? rng.int(4, 12) : 1;
        const first = rng.int(-45, 150);
        const days = Array.from({ length }, (_, i) => first + i);
        if (days.some((day) => taken.has(day))) continue;
        for (const day of days) taken.add(day);
        periods.push({ artistId: artist.id, startsOn: this.day(first), endsOn: this.day(first + length - 1), reason });
      }
      artist.blockedDates = periods.sort((x, y) => x.startsOn.getTime() - y.startsOn.getTime());
    }
  }

  // ---- BANDS ledger ---------------------------------------------------------------------------

  /**
   * Replays the programme in time order, by the rules of the BANDS programme: a referred customer's welcome
   * credit is a discount spent at checkout (never on the referrer's own act, within its validity),
   * BANDS are spent at checkout, the referrer's bonus comes with the referred customer's first
   * completed gig (never for the referrer's own act), a cancellation gives the BANDS back and takes
   * the welcome part out again; a few admin corrections. Reasons and sources are the ones the data
   * model's functions write.
   */
  private createLedger(customers: SeedProfile[]) {
    const rng = this.root.fork('ledger');
    const balances = new Map<string, number>();
    const byId = new Map(customers.map((customer) => [customer.id, customer]));
    const ownerOf = new Map(this.artists.map((artist) => [artist.id, artist.profileId]));
    const post = (userId: string, amountCents: number, type: LedgerType, source: string, reason: string, createdAt: Date, bookingId: string | null = null) => {
      const balance = (balances.get(userId) ?? 0) + amountCents;
      if (balance < 0) throw new Error(`BANDS of ${userId} would go below zero`);
      balances.set(userId, balance);
      this.ledger.push({ id: this.ids.uuid(), userId, amountCents, type, reason, source, bookingId, createdAt });
    };
    /** Whether the welcome credit of a customer is spent on a booking that still stands. */
    const welcomeSpent = new Set<string>();
    const bonusesInMonth = (referrerId: string, when: Date) =>
      this.ledger.filter(
        (entry) => entry.userId === referrerId && entry.type === 'referral_bonus' && entry.createdAt.getUTCFullYear() === when.getUTCFullYear() && entry.createdAt.getUTCMonth() === when.getUTCMonth(),
      ).length;
    type Event = { at: Date; run: () => void };
    const events: Event[] = [];
    const paid = this.bookings.filter((booking) => booking.confirmedAt);
    for (const booking of paid) {
      const customer = byId.get(booking.customerId)!;
      // Spent at checkout, a few minutes before the payment went through.
      const checkout = at(booking.confirmedAt!, -3 * MINUTE);
      events.push({
        at: checkout,
        run: () => {
          const balance = balances.get(customer.id) ?? 0;
          const welcome =
            customer.referrerId &&
            !welcomeSpent.has(customer.id) &&
            ownerOf.get(booking.artistId) !== customer.referrerId &&
            checkout.getTime() - customer.createdAt.getTime() <= seedRules.welcomeCreditValidDays * DAY
              ? seedRules.welcomeBonusCents
              : 0;
          // Most spend what they have at checkout; a booking that is cancelled later always did, so it gets them back.
          if (balance + welcome > 0 && (booking.cancelledAt !== null || welcome > 0 || rng.chance(0.5))) {
            const applied = Math.min(balance + welcome, booking.priceCents);
            booking.welcomeCreditCents = Math.min(welcome, applied);
            booking.bandsAppliedCents = applied;
            booking.totalCents = booking.priceCents + booking.platformFeeCents - applied;
            booking.payment!.amountCents = booking.totalCents;
            if (booking.payment!.refundedCents > booking.totalCents) booking.payment!.refundedCents = booking.totalCents;
            if (booking.welcomeCreditCents > 0) {
              welcomeSpent.add(customer.id);
              post(customer.id, booking.welcomeCreditCents, 'welcome_bonus', booking.id, 'Welkomstkorting via uitnodiging', checkout, booking.id);
            }
            post(customer.id, -applied, 'booking_redeem', booking.id, 'BANDS gebruikt bij boeking', checkout, booking.id);
          }
        },
      });
      if (booking.completedAt) {
        // A second after the gig is marked completed: every other event falls on a whole minute.
        const when = at(booking.completedAt, 1000);
        events.push({
          at: when,
          run: () => {
            const referrer = customer.referrerId ? byId.get(customer.referrerId) : undefined;
            if (!referrer || ownerOf.get(booking.artistId) === referrer.id) return;
            if (this.ledger.some((entry) => entry.type === 'referral_bonus' && entry.source === customer.id)) return;
            if (bonusesInMonth(referrer.id, when) >= seedRules.referralBonusMonthlyCap) return;
            post(referrer.id, seedRules.referralBonusCents, 'referral_bonus', customer.id, 'Uitnodigingsbonus: eerste voltooide boeking', when, booking.id);
            referrer.referralBonusUses++;
          },
        });
      }
      if (booking.cancelledAt) {
        events.push({
          at: booking.cancelledAt,
          run: () => {
            if (booking.bandsAppliedCents > 0) post(customer.id, booking.bandsAppliedCents, 'refund', booking.id, 'BANDS terug: boeking geannuleerd', booking.cancelledAt!, booking.id);
            if (booking.welcomeCreditCents > 0) {
              welcomeSpent.delete(customer.id);
              post(customer.id, -booking.welcomeCreditCents, 'welcome_reversal', booking.id, 'Welkomstkorting weer beschikbaar voor een volgende boeking', booking.cancelledAt!, booking.id);
            }
          },
        });
      }
    }
    const adjustment = (customer: SeedProfile, cents: number, reason: string, when: Date) => {
      const safe = when > customer.createdAt ? when : at(customer.createdAt, DAY);
      events.push({ at: safe, run: () => post(customer.id, cents, 'admin_adjustment', this.ids.uuid(), reason, safe) });
    };
    const [winner, mistaken, glitch] = rng.sample(customers.slice(2), 3);
    // A gift voucher, spent on a booking that was cancelled after payment: BANDS come back.
    const refunded = paid.filter((booking) => booking.cancelledAt && booking.customerId !== customers[0]!.id).at(-1);
    if (refunded) adjustment(byId.get(refunded.customerId)!, 2500, 'BANDS-cadeaubon ingewisseld', at(refunded.confirmedAt!, -2 * DAY));
    const prizeDay = at(this.anchor, -rng.int(10, 40) * DAY - 10 * HOUR);
    adjustment(customers[0]!, 750, 'Compensatie: de artiest begon een half uur later', at(this.anchor, -rng.int(3, 30) * DAY - 14 * HOUR));
    adjustment(glitch!, 500, 'Goodwill na een storing bij het afrekenen', at(this.anchor, -rng.int(3, 60) * DAY - 11 * HOUR));
    adjustment(winner!, 1500, 'Winnaar van de BANDS-actie op Instagram', prizeDay);
    // Credited to the wrong customer first, taken back the next day.
    adjustment(mistaken!, 1500, 'Winnaar van de BANDS-actie op Instagram', at(prizeDay, -HOUR));
    adjustment(mistaken!, -1500, 'Correctie: actieprijs bij de verkeerde klant bijgeschreven', at(prizeDay, 23 * HOUR));
    events.sort((x, y) => x.at.getTime() - y.at.getTime());
    for (const event of events) event.run();
    this.ledger.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    for (const customer of customers) customer.bandsBalanceCents = balances.get(customer.id) ?? 0;
  }

  // ---- chat -----------------------------------------------------------------------------------

  private createConversations() {
    const rng = this.root.fork('chat');
    const demoCustomer = this.profiles.find((profile) => profile.email === demoAccounts.customer.email)!;
    const demoArtist = this.artists.find((artist) => artist.slug === 'de-dijkbrekers')!;
    const pairs = new Map<string, SeedBooking>();
    for (const booking of [...this.bookings].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())) {
      const key = `${booking.customerId}|${booking.artistId}`;
      if (!pairs.has(key)) pairs.set(key, booking);
    }
    for (const booking of pairs.values()) {
      const demoSide = booking.customerId === demoCustomer.id ? 'customer' : booking.artistId === demoArtist.id ? 'artist' : null;
      if (demoSide || rng.chance(0.45)) this.conversation(rng, booking.customerId, booking.artistId, booking, demoSide);
    }
    // Two questions from the demo customer to artists not booked yet.
    const booked = new Set(this.bookings.filter((booking) => booking.customerId === demoCustomer.id).map((booking) => booking.artistId));
    for (const artist of rng.sample(
      this.approved().filter((candidate) => !booked.has(candidate.id)),
      2,
    )) {
      this.conversation(rng, demoCustomer.id, artist.id, null, 'customer');
    }
  }

  /** `demoSide`: which side of the thread a demo account is on; the other side then speaks last, unread. */
  private conversation(rng: Random, customerId: string, artistId: string, booking: SeedBooking | null, demoSide: 'customer' | 'artist' | null) {
    const demo = demoSide !== null;
    const artist = this.artists.find((candidate) => candidate.id === artistId)!;
    const customer = this.profiles.find((profile) => profile.id === customerId)!;
    const afterEvent = booking?.status === 'completed' && rng.chance(0.5);
    const script = afterEvent ? chatScripts[3]! : rng.pick(chatScripts.filter((_, index) => index !== 3));
    let lines = script.slice(0, rng.int(Math.min(2, script.length), script.length));
    // Recent, so unread messages make sense; older threads start around the booking request.
    const recent = demo || !booking || rng.chance(0.25);
    const span = lines.length * 6 * HOUR;
    let start = recent ? at(this.anchor, -span - rng.int(2, 40) * HOUR) : afterEvent ? at(booking!.completedAt!, rng.int(1, 30) * HOUR) : at(booking!.createdAt, -rng.int(2, 48) * HOUR);
    start = minDate(start, at(this.anchor, -span));
    if (start < customer.createdAt) start = at(customer.createdAt, HOUR);
    // Customers speak on even lines, artists on odd ones.
    const lastParity = demoSide === 'customer' ? 1 : 0;
    while (demo && lines.length > 1 && (lines.length - 1) % 2 !== lastParity) lines = lines.slice(0, -1);
    const conversationId = this.ids.uuid();
    const values = {
      city: booking?.city.name ?? artist.city.name,
      customerFirst: customer.firstName,
      guests: booking?.guests ?? rng.int(6, 15) * 10,
      venue: booking?.venue ?? rng.pick(venues),
      artistCity: artist.city.name,
    };
    let time = start;
    const messages: SeedMessage[] = lines.map((line, index) => {
      time = at(time, rng.int(5, 300) * MINUTE);
      return {
        id: this.ids.uuid(),
        conversationId,
        senderId: index % 2 === 0 ? customerId : artist.profileId,
        text: fill(line, values),
        createdAt: minDate(time, at(this.anchor, -(lines.length - index) * MINUTE)),
        isRead: true,
      };
    });
    // Unread: only the trailing messages of whoever spoke last (a reply means the rest was read).
    const last = messages[messages.length - 1]!;
    const isRecent = last.createdAt > at(this.anchor, -5 * DAY);
    if (demo || (isRecent && rng.chance(0.6))) {
      for (let i = messages.length - 1; i >= 0 && messages[i]!.senderId === last.senderId; i--) messages[i]!.isRead = false;
    }
    this.conversations.push({ id: conversationId, customerId, artistId, createdAt: messages[0]!.createdAt, messages });
  }

  private createFavorites(customers: SeedProfile[]) {
    const rng = this.root.fork('favorites');
    const approved = this.approved();
    for (const customer of customers) {
      const count = customer === customers[0] ? 6 : rng.int(0, 5);
      for (const artist of rng.sample(approved, count)) {
        const from = Math.max(customer.createdAt.getTime(), artist.createdAt.getTime());
        this.favorites.push({ profileId: customer.id, artistId: artist.id, createdAt: new Date(from + rng.next() * (this.anchor.getTime() - from)) });
      }
    }
  }

  private createNews(admins: SeedProfile[]) {
    const rng = this.root.fork('news');
    for (const template of newsTemplates) {
      const publishedAt = template.daysAgo === null ? null : this.day(-template.daysAgo, rng.int(7, 11), rng.pick([0, 15, 30, 45]));
      const article: SeedNewsArticle = {
        id: this.ids.uuid(),
        slug: template.slug,
        title: template.title,
        excerpt: template.excerpt,
        body: template.body,
        status: publishedAt ? 'published' : 'draft',
        publishedAt,
        createdAt: at(publishedAt ?? this.day(-rng.int(1, 5)), -rng.int(1, 72) * HOUR),
        authorId: rng.pick(admins).id,
        coverPath: `${template.slug}/cover.jpg`,
      };
      this.news.push(article);
      this.media.push({
        bucket: buckets.news,
        path: article.coverPath,
        ownerId: article.authorId,
        width: 1600,
        height: 900,
        contentType: 'image/jpeg',
        spec: { kind: 'news-cover', title: article.title, theme: template.theme },
      });
    }
  }

  private createAvatars() {
    const rng = this.root.fork('avatars');
    for (const artist of this.artists) {
      const base = { artistName: artist.name, artistKind: artist.kind, genre: artist.genre, city: artist.city.name, members: artist.members };
      this.media.push(
        { bucket: buckets.artistMedia, path: artist.photoPath, ownerId: artist.profileId, width: 1000, height: 1000, contentType: 'image/jpeg', spec: { kind: 'artist-photo', ...base } },
        { bucket: buckets.artistMedia, path: artist.coverPath, ownerId: artist.profileId, width: 1600, height: 1000, contentType: 'image/jpeg', spec: { kind: 'artist-cover', ...base } },
      );
    }
    const demoEmails = new Set<string>(Object.values(demoAccounts).map((account) => account.email));
    for (const profile of this.profiles) {
      const wanted = demoEmails.has(profile.email) || rng.chance(profile.role === 'customer' ? 0.6 : 0.4);
      if (!wanted) continue;
      profile.avatarPath = `${profile.id}/avatar.jpg`;
      this.media.push({
        bucket: buckets.avatars,
        path: profile.avatarPath,
        ownerId: profile.id,
        width: 512,
        height: 512,
        contentType: 'image/jpeg',
        spec: { kind: 'avatar', initials: initialsOf(profile.firstName, profile.lastName) },
      });
    }
  }
}

export type { ArtistKind };
