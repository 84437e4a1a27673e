// Property tests of the forms' validators (shared/src and the contact function's, which the
// storefront's forms use too): for any input they never throw, refuse bad input with a Dutch
// message, and accept every valid input. Then the server endpoint each form calls: what the form
// refuses, the server refuses too (a 4xx in its own shape, Dutch), and nothing is written.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactIban, isValidIban, packageLimits, validateAct, validateMediaLink, validatePackage, validatePayout, validatePhoto, validateWebsite } from '../../shared/src/artist-onboarding.ts';
import { bookingRequestProblems, guestCount, type BookingRequestDraft } from '../../shared/src/booking-request.ts';
import { normalizeDutchPhone } from '../../shared/src/phone.ts';
import { validateForgotPasswordEmail, validateLoginResendEmail, validateSignup } from '../../shared/src/validation.ts';
import { validateContactRequest, type ContactRequestForm } from '../functions/_shared/contact-request.ts';
import { keys } from '../stack/config.ts';
import { asCaller, call, changedTables, check, hostileText, isDutch, notARefusal, printCounts, raisedByUs, shapes, snapshot } from './bad-input.ts';
import { closePool, createArtist, createUser, futureWindow, sql, type TestUser } from './support.ts';

const RUNS = 400;

/** Any text a person could type into a field, hostile or not. */
const typed = fc.oneof(hostileText, fc.string({ maxLength: 30 }));
const messagesOf = (errors: object) => Object.values(errors).filter((value): value is string => typeof value === 'string');
const allDutch = (messages: string[]) => messages.every(isDutch);

const failures: string[] = [];
const note = (problem: string | null) => {
  if (problem) failures.push(problem);
};

/** A pure property: the problem with a value, or null; run as one of the counted properties. */
const pure = <T>(name: string, arbitrary: fc.Arbitrary<T>, problem: (value: T) => string | null, runs = RUNS) =>
  check(name, arbitrary, runs, async (value) => {
    try {
      return problem(value);
    } catch (error) {
      return `threw ${(error as Error).message} for ${JSON.stringify(value)?.slice(0, 200)}`;
    }
  });

const validIbans = ['NL91ABNA0417164300', 'NL20INGB0001234567', 'BE68539007547034', 'DE89370400440532013000'];
const spaced = (value: string) => fc.constantFrom(value, value.toLowerCase(), value.replace(/(.{4})/g, '$1 '), ` ${value} `);
const holder = fc.stringMatching(/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ .'-]{1,100}[A-Za-zÀ-ÿ]$/);

describe('form validators as pure properties', () => {
  it('never throw, refuse bad input in Dutch, accept valid input', async () => {
    note(
      await pure('signup: any input', fc.record({ firstName: typed, lastName: typed, email: typed, password: typed, confirmPassword: typed, termsAccepted: fc.boolean() }), (form) => {
        const failure = validateSignup(form);
        return failure && !(isDutch(failure.title) || isDutch(failure.description)) ? `"${failure.title}: ${failure.description}" is not Dutch` : null;
      }),
    );
    note(
      await pure(
        'signup: valid input',
        fc.record({
          firstName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
          lastName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
          email: fc.emailAddress(),
          password: fc.string({ minLength: 6, maxLength: 72 }),
        }),
        (form) => (validateSignup({ ...form, confirmPassword: form.password, termsAccepted: true }) === null ? null : `refused ${JSON.stringify(form)}`),
      ),
    );
    note(
      await pure('forgot password and resend e-mail: any input', typed, (email) => {
        const failures = [validateForgotPasswordEmail(email), validateLoginResendEmail(email)].filter((f) => f !== null);
        if (failures.some((f) => !isDutch(f.description))) return `not Dutch for ${JSON.stringify(email)}`;
        return email.includes('@') && email.trim() && failures.length ? `refused ${JSON.stringify(email)}` : null;
      }),
    );
    note(
      await pure('act: any input', fc.record({ name: typed, categories: fc.array(typed, { maxLength: 3 }), genres: fc.array(typed, { maxLength: 10 }), bio: typed }), (draft) =>
        allDutch(messagesOf(validateAct(draft))) ? null : `not Dutch: ${messagesOf(validateAct(draft)).join(' / ')}`,
      ),
    );
    note(
      await pure(
        'act: valid input',
        fc.record({
          name: fc.stringMatching(/^[A-Za-z][A-Za-z ]{1,60}[a-z]$/),
          categories: fc.constantFrom(['bands'], ['djs', 'bands']),
          genres: fc.array(fc.constantFrom('Pop', 'Soul', 'Jazz', 'Nederlandstalig'), { minLength: 1, maxLength: 8 }),
          bio: fc.string({ minLength: 150, maxLength: 2000 }).filter((bio) => bio.trim().length >= 150),
        }),
        (draft) => (messagesOf(validateAct(draft)).length === 0 ? null : `refused ${JSON.stringify(draft).slice(0, 200)}: ${messagesOf(validateAct(draft)).join(' / ')}`),
      ),
    );
    note(
      await pure(
        'payout: any input',
        fc.record({
          accountHolder: typed,
          iban: fc.oneof(
            typed,
            fc.constantFrom(...validIbans).map((iban) => iban.slice(0, -1) + ((Number(iban.slice(-1)) + 1) % 10)),
          ),
          kvkNumber: typed,
        }),
        (draft) => {
          const errors = validatePayout(draft);
          if (!allDutch(messagesOf(errors))) return `not Dutch: ${messagesOf(errors).join(' / ')}`;
          return !errors.iban && !isValidIban(draft.iban) ? `accepted the IBAN ${draft.iban}` : null;
        },
      ),
    );
    note(
      await pure(
        'payout: valid input',
        fc.record({ accountHolder: holder, iban: fc.constantFrom(...validIbans).chain(spaced), kvkNumber: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9]{8}$/)) }),
        (draft) => (messagesOf(validatePayout(draft)).length === 0 ? null : `refused ${JSON.stringify(draft)}: ${messagesOf(validatePayout(draft)).join(' / ')}`),
      ),
    );
    note(
      await pure(
        'package: any input',
        fc.record({
          name: typed,
          description: typed,
          price: fc.oneof(typed, fc.double().map(String), fc.constantFrom('-5', '1e9', '0,001', '€ 1.000.000,01', '9'.repeat(400))),
          durationMinutes: fc.oneof(fc.integer(), fc.double()),
        }),
        (draft) => {
          const errors = validatePackage(draft);
          return allDutch(messagesOf(errors)) ? null : `not Dutch: ${messagesOf(errors).join(' / ')}`;
        },
      ),
    );
    note(
      await pure(
        'package: valid input',
        fc.record({
          name: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,80}$/),
          description: fc.string({ maxLength: 4000 }),
          euros: fc.integer({ min: packageLimits.minPriceCents / 100, max: 999_999 }),
          cents: fc.integer({ min: 0, max: 99 }),
          durationMinutes: fc.integer({ min: packageLimits.minMinutes, max: packageLimits.maxMinutes }),
        }),
        ({ euros, cents, ...rest }) => {
          const draft = { ...rest, price: cents ? `${euros},${String(cents).padStart(2, '0')}` : String(euros) };
          return messagesOf(validatePackage(draft)).length === 0 ? null : `refused ${JSON.stringify(draft).slice(0, 200)}: ${messagesOf(validatePackage(draft)).join(' / ')}`;
        },
      ),
    );
    note(
      await pure(
        'photo, media link and website: any input',
        fc.record({ type: typed, size: fc.oneof(fc.integer(), fc.double()), count: fc.integer({ min: -5, max: 100 }), url: typed }),
        ({ type, size, count, url }) => {
          const refusals = [validatePhoto({ type, size }, count), validateMediaLink(url), validateWebsite(url)].filter((m): m is string => m !== null);
          if (!allDutch(refusals)) return `not Dutch: ${refusals.join(' / ')}`;
          return validateWebsite(url) === null && url.trim() !== '' && !/^https?:\/\//i.test(url.trim()) ? `accepted the website ${url}` : null;
        },
      ),
    );
    note(
      await pure(
        'photo, media link and website: valid input',
        fc.record({
          type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/avif'),
          size: fc.integer({ min: 1, max: 10 * 1024 * 1024 }),
          count: fc.integer({ min: 0, max: 19 }),
          url: fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= 500),
        }),
        ({ type, size, count, url }) => validatePhoto({ type, size }, count) ?? validateMediaLink(url) ?? validateWebsite(url),
      ),
    );
    const today = '2026-11-26';
    const bookingDraft = fc.record({
      packageId: fc.option(fc.uuid()),
      date: fc.option(fc.oneof(fc.constantFrom('2026-11-26', '2020-01-01', '9999-12-31', '2027-02-30'), typed)),
      startTime: typed,
      durationMinutes: fc.integer(),
      eventType: typed,
      placeId: fc.option(fc.integer()),
      placeName: typed,
      address: typed,
      guests: fc.oneof(typed, fc.integer().map(String)),
      message: typed,
    });
    note(
      await pure('booking request: any input', bookingDraft, (draft) => {
        const problems = bookingRequestProblems(draft as BookingRequestDraft, { hasPackages: false, packageIds: [], busy: new Set(), today });
        if (!allDutch(messagesOf(problems))) return `not Dutch: ${messagesOf(problems).join(' / ')}`;
        const guests = guestCount(draft.guests);
        return guests !== null && !(guests >= 1 && guests <= 10_000) ? `guest count ${guests}` : null;
      }),
    );
    note(
      await pure(
        'booking request: valid input',
        fc.record({
          date: fc.date({ min: new Date('2026-11-27'), max: new Date('2029-11-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          startTime: fc.constantFrom('10:00', '20:30', '23:30'),
          eventType: fc.constantFrom('Bruiloft', 'Gala', 'Eigen feest'),
          placeId: fc.nat(),
          address: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,100}$/),
          guests: fc.integer({ min: 1, max: 10_000 }).map(String),
          message: fc.string({ maxLength: 2000 }),
        }),
        (fields) => {
          const draft: BookingRequestDraft = { packageId: null, durationMinutes: 120, placeName: 'Utrecht', ...fields };
          const problems = bookingRequestProblems(draft, { hasPackages: false, packageIds: [], busy: new Set(), today });
          return messagesOf(problems).length === 0 ? null : `refused ${JSON.stringify(draft).slice(0, 200)}: ${messagesOf(problems).join(' / ')}`;
        },
      ),
    );
    note(
      await pure(
        'contact and quote: any input',
        fc.record(
          {
            kind: fc.oneof(fc.constantFrom('contact', 'quote'), typed),
            name: typed,
            email: typed,
            phone: typed,
            subject: typed,
            message: typed,
            eventDate: typed,
            eventLocation: typed,
            guests: fc.oneof(typed, fc.double()),
            services: fc.oneof(fc.array(typed, { maxLength: 3 }), typed),
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          const checked = validateContactRequest(raw as Partial<ContactRequestForm>, today);
          if (!checked.ok) return allDutch(messagesOf(checked.errors)) ? null : `not Dutch: ${messagesOf(checked.errors).join(' / ')}`;
          return checked.request.name.length > 200 || checked.request.message.length > 5000 ? 'accepted a field over its limit' : null;
        },
      ),
    );
    note(
      await pure('Dutch phone numbers: any input', typed, (input) => {
        const e164 = normalizeDutchPhone(input);
        return e164 === null || /^\+[1-9][0-9]{7,14}$/.test(e164) ? null : `normalised ${JSON.stringify(input)} to ${e164}`;
      }),
    );
  }, 60_000);
});

// ---- The server endpoints the forms call ---------------------------------------------

let artist: TestUser;
let artistId: string;

describe('the endpoints behind the forms refuse what the forms refuse', () => {
  beforeAll(async () => {
    artist = await createUser('artist');
    artistId = await createArtist(artist);
  });

  it('contact and quote form (contact-request function), payout form (save_artist_payout_details)', async () => {
    const before = await snapshot();
    const contactForm = fc.record({
      kind: fc.constantFrom('contact', 'quote'),
      name: typed,
      email: typed,
      phone: typed,
      subject: typed,
      message: typed,
      eventDate: typed,
      eventLocation: typed,
      guests: typed,
      services: fc.array(fc.constantFrom('geluid', 'licht', typed as never), { maxLength: 2 }),
    });
    note(
      await check(
        'contact-request function: forms the validator refuses',
        contactForm.filter((form) => !validateContactRequest(form).ok),
        60,
        async (form) => {
          const answer = await call('POST', '/functions/v1/contact-request', { headers: asCaller(keys.anon, { 'content-type': 'application/json' }), body: JSON.stringify(form) });
          const problem = notARefusal(answer, shapes.functions);
          if (problem) return `${JSON.stringify(form).slice(0, 200)}: ${problem}`;
          const message = (answer.body as { error: string }).error;
          return isDutch(message) ? null : `"${message}" is not Dutch`;
        },
      ),
    );
    const payout = fc.record({
      account_holder: typed,
      iban: fc.oneof(
        typed,
        fc.constantFrom(...validIbans).map((iban) => `${iban.slice(0, -1)}${(Number(iban.slice(-1)) + 3) % 10}`),
      ),
      kvk_number: typed,
    });
    note(
      await check(
        'save_artist_payout_details: forms the validator refuses',
        payout.filter((p) => Object.keys(validatePayout({ accountHolder: p.account_holder, iban: p.iban, kvkNumber: p.kvk_number })).length > 0),
        60,
        async (body) => {
          const answer = await call('POST', '/rest/v1/rpc/save_artist_payout_details', { headers: asCaller(artist.token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
          const problem = notARefusal(answer, shapes.postgrest);
          if (problem) return `${JSON.stringify(body).slice(0, 200)} (IBAN ${compactIban(body.iban)}): ${problem}`;
          const error = answer.body as { code: string; message: string };
          return !raisedByUs(error) || isDutch(error.message) ? null : `"${error.message}" (${error.code}) is not Dutch`;
        },
      ),
    );
    expect(changedTables(before, await snapshot())).toEqual([]);
  }, 60_000);

  // Forms the validators accept, with hostile text in their free fields: stored as sent (or refused
  // in Dutch when over a limit), never a 500. These write, as they should; the rows are removed.
  it('valid contact forms and booking requests with hostile free text', async () => {
    const contact = fc.record({ name: hostileText, subject: hostileText, message: hostileText }).filter((f) => validateContactRequest({ ...f, kind: 'contact', email: 'x@example.nl' }).ok);
    note(
      await check('contact-request function: valid forms with hostile text', contact, 8, async (fields) => {
        const email = `fc-${randomUUID().slice(0, 8)}@example.nl`;
        const answer = await call('POST', '/functions/v1/contact-request', {
          headers: asCaller(keys.anon, { 'content-type': 'application/json' }),
          body: JSON.stringify({ kind: 'contact', email, ...fields }),
        });
        await sql('delete from public.contact_requests where email = $1', [email]);
        return answer.status === 200 ? null : `${JSON.stringify(fields).slice(0, 200)}: a ${answer.status}: ${answer.text.slice(0, 200)}`;
      }),
    );
    const [place] = await sql<{ id: number }>('select id from public.places order by population desc limit 1');
    const booking = fc.record({ event_type: hostileText, event_location: hostileText, notes: hostileText, guest_count: fc.integer({ min: 1, max: 10_000 }) });
    note(
      await check('request_booking: valid requests with hostile text', booking, 12, async (fields) => {
        const customer = await createUser('customer');
        const { startsAt, endsAt } = futureWindow(60);
        const answer = await call('POST', '/rest/v1/rpc/request_booking', {
          headers: asCaller(customer.token, { 'content-type': 'application/json' }),
          body: JSON.stringify({ artist_id: artistId, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), place_id: place!.id, ...fields }),
        });
        if (answer.status < 300) return null;
        const problem = notARefusal(answer, shapes.postgrest);
        if (problem) return `${JSON.stringify(fields).slice(0, 200)}: ${problem}`;
        const error = answer.body as { code: string; message: string };
        return !raisedByUs(error) || isDutch(error.message) ? null : `"${error.message}" (${error.code}) is not Dutch`;
      }),
    );
  }, 60_000);
});

describe('all of it', () => {
  it('found nothing wrong', () => {
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  });
});

afterAll(async () => {
  printCounts('Form bad input');
  await closePool();
});
