// SPEC 9, data queries. The spec gives two readings of the query defaults; we use the first:
// no retry on 4xx answers, otherwise up to 3 retries with min(200 ms x 2^n, 2 s) between them,
// cached data kept 2 minutes, always stale, no refetch on window focus. Why the first: a 4xx
// (RLS refusal, validation, not found) will not change by asking again, so retrying only delays
// the error the user should see; short capped waits keep a flaky request's total under ~4 s
// where the second reading's 30 s cap would leave a spinner up for half a minute; and the
// realtime manager already refreshes changed data by query key, so a long cache or focus
// refetches would only add load. Writes (mutations) retry twice, 200 ms apart, also not on 4xx.
import { QueryClient } from '@tanstack/react-query';
import { queryCacheTimeMs, queryMaxRetries, queryRetryBaseMs, queryRetryCapMs, writeRetries, writeRetryDelayMs } from './constants.ts';

// SQLSTATE classes that PostgREST answers with a 4xx: data exception, integrity constraint,
// insufficient privilege / syntax, invalid authorization, raised by a function (P0001, P0002).
const clientErrorSqlStates = /^(22|23|42|28|P0)/;

/**
 * The HTTP status behind an error from supabase-js (auth, storage and functions errors carry
 * one) or, for PostgREST errors that only carry a code, the status PostgREST answers with.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, context, code } = error as Record<string, unknown>;
  if (typeof status === 'number') return status;
  if (typeof statusCode === 'number') return statusCode;
  if (typeof statusCode === 'string' && /^\d{3}$/.test(statusCode)) return Number(statusCode);
  if (typeof context === 'object' && context !== null && typeof (context as { status?: unknown }).status === 'number') {
    return (context as { status: number }).status;
  }
  if (typeof code === 'string') {
    if (code === 'PGRST116') return 406;
    if (/^PGRST3/.test(code)) return 401;
    if (/^PGRST[12]/.test(code)) return 400;
    if (code === '42501') return 403;
    if (clientErrorSqlStates.test(code)) return 400;
  }
  return undefined;
}

export const isClientError = (error: unknown) => {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
};

/** react-query's retry: `failureCount` is the number of earlier retries (0 at the first failure). */
export const shouldRetryQuery = (failureCount: number, error: unknown) => failureCount < queryMaxRetries && !isClientError(error);

/** react-query's retryDelay: n counts from 0 for the first retry. */
export const queryRetryDelay = (n: number) => Math.min(queryRetryBaseMs * 2 ** n, queryRetryCapMs);

export const shouldRetryWrite = (failureCount: number, error: unknown) => failureCount < writeRetries && !isClientError(error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: queryCacheTimeMs,
        staleTime: 0,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetryWrite,
        retryDelay: writeRetryDelayMs,
      },
    },
  });
}
