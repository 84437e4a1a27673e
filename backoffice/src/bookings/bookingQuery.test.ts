import { describe, expect, it } from 'vitest';
import { amsterdamMidnight, parseBookingQuery } from './bookingQuery.ts';

describe('parseBookingQuery', () => {
  it('reads a full booking id and the 8-character booking number', () => {
    expect(parseBookingQuery(' 7ADADF7E-1234-4321-8888-0123456789AB ')).toEqual({ kind: 'id', id: '7adadf7e-1234-4321-8888-0123456789ab' });
    expect(parseBookingQuery('7ADADF7E')).toEqual({ kind: 'reference', prefix: '7adadf7e' });
    expect(parseBookingQuery('#7adadf7e')).toEqual({ kind: 'reference', prefix: '7adadf7e' });
  });

  it('takes an 8-letter word without digits as a name, not a booking number', () => {
    expect(parseBookingQuery('cafebabe')).toEqual({ kind: 'text', text: 'cafebabe' });
  });

  it('reads Dutch and ISO dates as that day in Amsterdam, in winter and in summer time', () => {
    expect(parseBookingQuery('14-02-2027')).toEqual({ kind: 'date', day: '2027-02-14', from: '2027-02-13T23:00:00.000Z', to: '2027-02-14T23:00:00.000Z' });
    expect(parseBookingQuery('2027-07-01')).toEqual({ kind: 'date', day: '2027-07-01', from: '2027-06-30T22:00:00.000Z', to: '2027-07-01T22:00:00.000Z' });
    // The night clocks go forward is 23 hours long.
    expect(parseBookingQuery('28/3/2027')).toEqual({ kind: 'date', day: '2027-03-28', from: '2027-03-27T23:00:00.000Z', to: '2027-03-28T22:00:00.000Z' });
  });

  it('does not take an impossible date for a date', () => {
    expect(parseBookingQuery('31-02-2027')).toEqual({ kind: 'text', text: '31-02-2027' });
  });

  it('reads a status by its Dutch name or its code', () => {
    expect(parseBookingQuery('Geannuleerd')).toEqual({ kind: 'status', status: 'cancelled' });
    expect(parseBookingQuery('bevestigd')).toEqual({ kind: 'status', status: 'confirmed' });
    expect(parseBookingQuery('pending')).toEqual({ kind: 'status', status: 'pending' });
  });

  it('leaves names, e-mail addresses and artists to the server, and ignores blanks', () => {
    expect(parseBookingQuery('jan@example.nl')).toEqual({ kind: 'text', text: 'jan@example.nl' });
    expect(parseBookingQuery('De Feestneuzen')).toEqual({ kind: 'text', text: 'De Feestneuzen' });
    expect(parseBookingQuery('   ')).toBeUndefined();
  });

  it('computes Amsterdam midnight', () => {
    expect(amsterdamMidnight(2026, 12, 24)).toBe('2026-12-23T23:00:00.000Z');
  });
});
