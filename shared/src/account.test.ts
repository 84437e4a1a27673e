import { describe, expect, it, vi } from 'vitest';
import { acceptTerms, accountDeletionMessages, deleteAccount, profileMessages, profileNeedsCompletion } from './account.ts';

const complete: { first_name: string; last_name: string; terms_accepted_at: string | null } = { first_name: 'Anna', last_name: 'de Vries', terms_accepted_at: '2026-11-20T10:00:00Z' };

describe('profileNeedsCompletion (/complete-profile)', () => {
  it.each<[string, Partial<typeof complete> | null, boolean]>([
    ['names and terms', {}, false],
    ['no first name (a Google sign-up)', { first_name: '' }, true],
    ['a first name of spaces', { first_name: '   ' }, true],
    ['no last name', { last_name: '' }, true],
    ['terms never accepted', { terms_accepted_at: null }, true],
    ['a Google sign-up: no names, no terms', { first_name: '', last_name: '', terms_accepted_at: null }, true],
  ])('%s → %s', (_, change, expected) => {
    expect(profileNeedsCompletion(change && { ...complete, ...change })).toBe(expected);
  });

  it('has nothing to complete while no profile is loaded', () => {
    expect(profileNeedsCompletion(null)).toBe(false);
    expect(profileNeedsCompletion(undefined)).toBe(false);
  });
});

/** supabase-js's FunctionsHttpError: the answer is its `context`. */
const httpError = (status: number, body: unknown) => Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: new Response(JSON.stringify(body), { status }) });

function fakeClient(answer: { data: unknown; error: unknown }, rpcAnswer: { data: unknown; error: unknown } = { data: null, error: null }) {
  const invoke = vi.fn().mockResolvedValue(answer);
  const signOut = vi.fn().mockResolvedValue({ error: null });
  const rpc = vi.fn().mockResolvedValue(rpcAnswer);
  return { client: { functions: { invoke }, auth: { signOut }, rpc } as never, invoke, signOut, rpc };
}

describe('deleteAccount', () => {
  it('posts the confirmation to delete-account and clears the session on this device', async () => {
    const fake = fakeClient({ data: { deleted: true }, error: null });
    expect(await deleteAccount(fake.client)).toEqual({ ok: true });
    expect(fake.invoke).toHaveBeenCalledWith('delete-account', { method: 'POST', body: { confirmation: 'VERWIJDEREN' } });
    expect(fake.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('sends what the person typed', async () => {
    const fake = fakeClient({ data: null, error: httpError(400, { error: accountDeletionMessages.confirmationMissing }) });
    expect(await deleteAccount(fake.client, 'verwijderen')).toEqual({ ok: false, message: 'Typ VERWIJDEREN om te bevestigen.' });
    expect(fake.invoke).toHaveBeenCalledWith('delete-account', { method: 'POST', body: { confirmation: 'verwijderen' } });
    expect(fake.signOut).not.toHaveBeenCalled();
  });

  it.each(['upcoming_gigs', 'unpaid_refunds'] as const)('gives the reason of a 409 (%s) with its Dutch message', async (reason) => {
    const fake = fakeClient({ data: null, error: httpError(409, { error: accountDeletionMessages[reason], reason }) });
    expect(await deleteAccount(fake.client)).toEqual({ ok: false, message: accountDeletionMessages[reason], reason });
  });

  it('passes other refusals on as they come, without a reason', async () => {
    const fake = fakeClient({ data: null, error: httpError(403, { error: accountDeletionMessages.adminAccount, reason: 'whatever' }) });
    expect(await deleteAccount(fake.client)).toEqual({ ok: false, message: accountDeletionMessages.adminAccount });
  });

  it('falls back to a Dutch message when the answer has none (network, crash)', async () => {
    const fake = fakeClient({ data: null, error: new Error('Failed to send a request to the Edge Function') });
    expect(await deleteAccount(fake.client)).toEqual({ ok: false, message: accountDeletionMessages.failed });
  });
});

describe('acceptTerms', () => {
  it('answers when the terms were accepted', async () => {
    const fake = fakeClient({ data: null, error: null }, { data: '2026-11-26T12:00:00+00:00', error: null });
    expect(await acceptTerms(fake.client)).toEqual({ ok: true, acceptedAt: '2026-11-26T12:00:00+00:00' });
    expect(fake.rpc).toHaveBeenCalledWith('accept_terms');
  });

  it('says so in Dutch when it fails', async () => {
    expect(await acceptTerms(fakeClient({ data: null, error: null }, { data: null, error: { code: '42501' } }).client)).toEqual({ ok: false, message: profileMessages.notSignedIn });
    expect(await acceptTerms(fakeClient({ data: null, error: null }, { data: null, error: { code: '08006' } }).client)).toEqual({ ok: false, message: profileMessages.termsFailed });
  });
});
