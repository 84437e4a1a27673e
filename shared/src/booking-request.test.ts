import { describe, expect, it } from 'vitest';
import {
  bookingRequestMessages as m,
  bookingRequestProblems,
  bookingWindow,
  emptyBookingDraft,
  guestCount,
  readBookingDraft,
  startTimes,
  storeBookingDraft,
  timeRangeLabel,
  type BookingRequestDraft,
} from './booking-request.ts';

const valid: BookingRequestDraft = {
  ...emptyBookingDraft('p1', '2026-12-12', 240),
  eventType: 'Bruiloft',
  placeId: 7,
  placeName: 'Utrecht',
  address: 'Oudegracht 1',
  guests: '120',
};
const context = { hasPackages: true, packageIds: ['p1', 'p2'], busy: new Set(['2026-12-19']), today: '2026-11-25' };

describe('the booking request form, field by field', () => {
  it('a complete request has no problems', () => {
    expect(bookingRequestProblems(valid, context)).toEqual({});
  });

  it.each<[string, Partial<BookingRequestDraft>, Partial<Record<string, string>>]>([
    ['no package chosen', { packageId: null }, { packageId: m.package }],
    ["another act's package", { packageId: 'elders' }, { packageId: m.package }],
    ['no date', { date: null }, { date: m.date }],
    ['today', { date: '2026-11-25' }, { date: m.pastDate }],
    ['yesterday', { date: '2026-11-24' }, { date: m.pastDate }],
    ['a busy or blocked day', { date: '2026-12-19' }, { date: m.busyDate }],
    ['no start time', { startTime: '' }, { startTime: m.startTime }],
    ['no kind of party', { eventType: '   ' }, { eventType: m.eventType }],
    ['a kind of party of 101 characters', { eventType: 'x'.repeat(101) }, { eventType: m.eventTypeTooLong }],
    ['no place', { placeId: null }, { placeId: m.place }],
    ['no address', { address: ' ' }, { address: m.address }],
    ['an address of 301 characters', { address: 'x'.repeat(301) }, { address: m.addressTooLong }],
    ['no guests', { guests: '' }, { guests: m.guests }],
    ['zero guests', { guests: '0' }, { guests: m.guests }],
    ['negative guests', { guests: '-5' }, { guests: m.guests }],
    ['10.001 guests', { guests: '10001' }, { guests: m.guests }],
    ['a message of 2.001 characters', { message: 'x'.repeat(2001) }, { message: m.messageTooLong }],
  ])('%s', (_, change, expected) => {
    expect(bookingRequestProblems({ ...valid, ...change }, context)).toEqual(expected);
  });

  it('an act without packages needs none', () => {
    expect(bookingRequestProblems({ ...valid, packageId: null }, { ...context, hasPackages: false, packageIds: [] })).toEqual({});
  });

  it('a message of exactly 2.000 characters and 10.000 guests pass', () => {
    expect(bookingRequestProblems({ ...valid, message: 'x'.repeat(2000), guests: '10.000' }, context)).toEqual({});
  });
});

describe('guest counts as people type them', () => {
  it.each([
    ['120', 120],
    [' 80 ', 80],
    ['1.500', 1500],
    ['1', 1],
    ['10000', 10000],
    ['0', null],
    ['-3', null],
    ['12,5', null],
    ['veel', null],
    ['1e3', null],
    ['99999999999', null],
  ])('%s → %s', (input, expected) => {
    expect(guestCount(input)).toBe(expected);
  });
});

describe('the gig as instants, from a Dutch date and time', () => {
  it.each([
    ['winter time (+01:00)', '2026-12-12', '20:00', 240, '2026-12-12T19:00:00.000Z', '2026-12-12T23:00:00.000Z'],
    ['summer time (+02:00)', '2027-07-03', '20:00', 240, '2027-07-03T18:00:00.000Z', '2027-07-03T22:00:00.000Z'],
    ['past midnight', '2026-12-31', '22:30', 180, '2026-12-31T21:30:00.000Z', '2027-01-01T00:30:00.000Z'],
    ['the night clocks go back', '2026-10-25', '20:00', 120, '2026-10-25T19:00:00.000Z', '2026-10-25T21:00:00.000Z'],
    ['the day clocks go forward', '2027-03-28', '14:00', 60, '2027-03-28T12:00:00.000Z', '2027-03-28T13:00:00.000Z'],
  ])('%s', (_, date, time, minutes, startsAt, endsAt) => {
    expect(bookingWindow(date, time, minutes)).toEqual({ startsAt, endsAt });
  });

  it('labels the time range, also past midnight', () => {
    expect(timeRangeLabel('20:00', 240)).toBe('20:00 – 00:00');
    expect(timeRangeLabel('22:30', 180)).toBe('22:30 – 01:30');
  });

  it('offers start times every half hour from 10:00 to 23:30', () => {
    expect(startTimes[0]).toBe('10:00');
    expect(startTimes.at(-1)).toBe('23:30');
    expect(startTimes).toContain('20:00');
  });
});

describe('the draft survives a login', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
  };

  it('comes back as it was stored, per artist, for a week', () => {
    const storage = memory();
    storeBookingDraft(storage, 'dj-mees', valid, 1_000);
    expect(readBookingDraft(storage, 'dj-mees', 2_000)).toEqual(valid);
    expect(readBookingDraft(storage, 'andere-artiest', 2_000)).toBeNull();
    expect(readBookingDraft(storage, 'dj-mees', 1_000 + 8 * 24 * 3_600_000)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memory();
    storage.setItem('podium_booking_draft:dj-mees', '{kapot');
    expect(readBookingDraft(storage, 'dj-mees')).toBeNull();
    storage.setItem('podium_booking_draft:dj-mees', JSON.stringify({ savedAt: Date.now(), draft: { date: 'morgen', startTime: '25:00', guests: 12 } }));
    expect(readBookingDraft(storage, 'dj-mees')).toMatchObject({ date: null, startTime: '20:00', guests: '' });
  });
});
