// The filter grammar realtime-js's RealtimePostgresFilterBuilder writes, matched as Postgres
// would compare the column's type.
import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter, rowMatches } from './filters.ts';

const INT4 = 23;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
const row = (values: Record<string, string | null>) => new Map(Object.entries(values));

describe('parseFilter', () => {
  it('reads conditions, not., lists and quoted values', () => {
    expect(parseFilter('name=eq."a,b",id=not.in.(1,2),deleted_at=is.null')).toEqual([
      { column: 'name', operator: 'eq', negate: false, values: ['a,b'] },
      { column: 'id', operator: 'in', negate: true, values: ['1', '2'] },
      { column: 'deleted_at', operator: 'is', negate: false, values: [null] },
    ]);
  });

  it('refuses an unknown operator', () => {
    expect(() => parseFilter('id=between.1')).toThrow(FilterError);
  });
});

describe('rowMatches', () => {
  const types = new Map([
    ['priority', INT4],
    ['body', TEXT],
    ['at', TIMESTAMPTZ],
  ]);
  const match = (filter: string, values: Record<string, string | null>) => rowMatches(parseFilter(filter), row(values), types);

  it('compares numbers as numbers, not as text', () => {
    expect(match('priority=lt.10', { priority: '9' })).toBe(true);
    expect(match('priority=gt.10', { priority: '9' })).toBe(false);
    expect(match('priority=eq.3', { priority: '3' })).toBe(true);
  });

  it('compares timestamps as instants across time zones', () => {
    expect(match('at=gt.2024-05-01T08:00:00Z', { at: '2024-05-01 10:30:00+02' })).toBe(true);
    expect(match('at=lt.2024-05-01T08:00:00Z', { at: '2024-05-01 09:30:00+02' })).toBe(true);
  });

  it('never matches null with a comparison, only with is.null', () => {
    expect(match('priority=neq.1', { priority: null })).toBe(false);
    expect(match('priority=is.null', { priority: null })).toBe(true);
  });

  it('ANDs conditions and honours not.', () => {
    expect(match('priority=gte.2,priority=lte.4', { priority: '3' })).toBe(true);
    expect(match('priority=gte.2,priority=lte.4', { priority: '5' })).toBe(false);
    expect(match('body=not.like.hoi*', { body: 'hoi daar' })).toBe(false);
    expect(match('body=ilike.%DAAR', { body: 'hoi daar' })).toBe(true);
  });

  it('does not match on a column the row lacks (an unchanged TOAST value)', () => {
    expect(match('body=eq.x', { priority: '1' })).toBe(false);
  });
});
