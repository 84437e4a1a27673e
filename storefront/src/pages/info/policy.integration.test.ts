// @vitest-environment node
// The terms page states the booking rules in words; the database applies them from app_config.
import { createNodeClient } from '@podium/shared/supabase-node';
import { describe, expect, it } from 'vitest';
import { keys, urls } from '@podium/shared/stack.test-support';
import { bookingPolicy, bookingPolicyConfig } from './policy.ts';

describe('the terms page’s booking rules', () => {
  it('match what app_config holds (a guest can read it)', async () => {
    const client = createNodeClient(urls.api, keys.anon);
    const { data, error } = await client.from('app_config').select('key, value_int');
    expect(error).toBeNull();
    const config = new Map((data ?? []).map((row) => [row.key, row.value_int]));
    for (const [rule, { key, toValue }] of Object.entries(bookingPolicyConfig)) {
      expect(config.has(key), key).toBe(true);
      expect(toValue(config.get(key)!), rule).toBe(bookingPolicy[rule as keyof typeof bookingPolicy]);
    }
  });
});
