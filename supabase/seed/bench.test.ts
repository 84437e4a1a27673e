import { describe, expect, it } from 'vitest';
import { summarisePlan } from './bench.ts';

describe('summarisePlan', () => {
  it('names the indexes and sequential scans of an auto_explain plan, with the top node’s time and buffers', () => {
    const plan = `duration: 3.120 ms  plan:
Query Text: with origin as (...)
Limit  (cost=10.1..10.2 rows=24 width=200) (actual time=3.001..3.050 rows=24 loops=1)
  Buffers: shared hit=412 read=3
  ->  Sort  (actual time=2.9..2.95 rows=24 loops=1)
        ->  Bitmap Heap Scan on artists a  (actual time=0.5..2.1 rows=310 loops=1)
              Buffers: shared hit=400
              ->  Bitmap Index Scan on artists_search_trgm_idx  (actual time=0.4..0.4 rows=320 loops=1)
        ->  Index Scan using places_pkey on places p  (actual time=0.01..0.01 rows=1 loops=1)
        ->  Seq Scan on artist_blocked_dates d  (actual time=0.01..0.2 rows=0 loops=1)
        SubPlan 4
          ->  Index Scan using bookings_no_overlap on bookings b  (cost=0.29..8.31 rows=1 width=0) (never executed)`;
    const summary = summarisePlan(plan);
    expect(summary.indexes).toEqual(['artists_search_trgm_idx', 'places_pkey']);
    expect(summary.seqScans).toEqual(['artist_blocked_dates']);
    expect(summary).toMatchObject({ sharedHit: 412, sharedRead: 3, executionMs: 3.05 });
  });
});
