import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, httpStatusOf, queryRetryDelay } from './query-client.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Runs a query that always fails with `error`, and records when each attempt happened. */
async function attemptsOf(error: unknown) {
  const client = createQueryClient();
  const startedAt = Date.now();
  const times: number[] = [];
  const result = client.fetchQuery({
    queryKey: ['always-failing'],
    queryFn: () => {
      times.push(Date.now() - startedAt);
      return Promise.reject(error);
    },
  });
  result.catch(() => {});
  await vi.advanceTimersByTimeAsync(60_000);
  await expect(result).rejects.toBe(error);
  client.clear();
  return times;
}

describe('SPEC 9: query defaults (first reading)', () => {
  it('retries a server error 3 times, waiting 200, 400 and 800 ms', async () => {
    expect(await attemptsOf(new HttpError(503))).toEqual([0, 200, 600, 1_400]);
  });

  it('retries a network failure (no status) the same way', async () => {
    expect(await attemptsOf(new TypeError('Failed to fetch'))).toHaveLength(4);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i answer', async (status) => {
    expect(await attemptsOf(new HttpError(status))).toEqual([0]);
  });

  it.each([
    [{ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }, 406],
    [{ code: '42501', message: 'permission denied' }, 403],
    [{ code: '23505', message: 'duplicate key' }, 400],
    [{ code: 'PGRST301', message: 'JWT expired' }, 401],
    [{ name: 'FunctionsHttpError', context: { status: 404 } }, 404],
    [{ name: 'StorageApiError', statusCode: '413' }, 413],
    [{ code: '08006', message: 'connection failure' }, undefined],
  ])('treats PostgREST/Supabase error %o as status %s', (error, status) => {
    expect(httpStatusOf(error)).toBe(status);
  });

  it('does not retry a PostgREST permission error', async () => {
    expect(await attemptsOf({ code: '42501', message: 'permission denied', details: null, hint: null })).toEqual([0]);
  });

  it('waits min(200 ms x 2^n, 2 s)', () => {
    expect([0, 1, 2, 3, 4, 5].map(queryRetryDelay)).toEqual([200, 400, 800, 1_600, 2_000, 2_000]);
  });

  it('keeps unused data 2 minutes, always stale, no refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ gcTime: 120_000, staleTime: 0, refetchOnWindowFocus: false });
  });

  it('drops unused cached data after 2 minutes', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['artists'], queryFn: () => Promise.resolve(['a']) });
    expect(client.getQueryData(['artists'])).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(client.getQueryData(['artists'])).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['artists'])).toBeUndefined();
  });

  it('retries a failed write twice, 200 ms apart, but not a 4xx', async () => {
    const client = createQueryClient();
    const times: number[] = [];
    const startedAt = Date.now();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => {
        times.push(Date.now() - startedAt);
        return Promise.reject(new HttpError(500));
      },
    });
    const running = mutation.execute(undefined).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await running).toBe('failed');
    expect(times).toEqual([0, 200, 400]);

    const refused = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new HttpError(403)) });
    const spy = vi.fn();
    await refused.execute(undefined).catch(spy);
    expect(spy).toHaveBeenCalledOnce();
  });
});
