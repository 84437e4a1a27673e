import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyPendingReferral,
  applyPendingReferralOnLogin,
  capturePendingReferral,
  generateReferralCode,
  pendingReferral,
  pendingReferralKey,
  referralCodeFromLocation,
  schedulePendingReferral,
  storePendingReferral,
  bandsTransactionLabel,
  bandsTransactionTypes,
  referralBonusStatusLabel,
  referralLink,
  referralShareText,
  splitLeaderboard,
  transactionPageCount,
  transactionPageRange,
  whatsappShareUrl,
  type LeaderboardRow,
} from './referral.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

function fakeClient(answer: () => Promise<{ data: unknown; error: unknown }>) {
  const rpc = vi.fn((_name: string, _args: unknown) => answer());
  return { rpc, client: { rpc } as unknown as Parameters<typeof applyPendingReferral>[0] };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 2.2 / 4.5: capturing a referral code', () => {
  it.each([
    ['/', '?ref=ANNA2024', 'ANNA2024'],
    ['/artists', '?signup=1&ref=anna2024', 'anna2024'],
    ['/ref/ANNA2024', '', 'ANNA2024'],
    ['/ref/ANNA2024/', '', 'ANNA2024'],
    ['/ref/code%20x', '', 'code x'],
    ['/', '?ref=code-x-1234', null],
    ['/', '?ref=CODE-X-1234', null],
    ['/ref/code-x-1234', '', null],
    ['/', '?ref=', null],
    ['/', '?ref=%20%20', null],
    ['/', '', null],
    ['/referral-bands/dashboard', '', null],
    ['/ref/', '', null],
    ['/ref/a/b', '', null],
  ])('%s%s -> %o', (pathname, search, code) => {
    expect(referralCodeFromLocation(pathname, search)).toBe(code);
    const storage = memoryStorage();
    capturePendingReferral(storage, pathname, search);
    expect(pendingReferral(storage)).toBe(code);
  });

  it('a newer link replaces the pending code; a placeholder does not erase it', () => {
    const storage = memoryStorage();
    capturePendingReferral(storage, '/', '?ref=FIRST');
    capturePendingReferral(storage, '/ref/SECOND');
    expect(pendingReferral(storage)).toBe('SECOND');
    capturePendingReferral(storage, '/', '?ref=code-x-1234');
    expect(pendingReferral(storage)).toBe('SECOND');
  });

  it("the signup form's code is stored the same way", () => {
    const storage = memoryStorage();
    expect(storePendingReferral(storage, ' ANNA2024 ')).toBe('ANNA2024');
    expect(storage.values.get(pendingReferralKey)).toBe('ANNA2024');
    expect(storePendingReferral(memoryStorage(), 'code-x-1234')).toBeNull();
  });
});

describe('SPEC 4.5: applying the pending code after login', () => {
  it.each(['applied', 'already_referred', 'unknown_code', 'own_code', 'too_late', 'loop', 'ignored'])('answer %s: reported, and the code is cleared', async (answer) => {
    const storage = memoryStorage({ [pendingReferralKey]: 'ANNA2024' });
    const { client, rpc } = fakeClient(() => Promise.resolve({ data: answer, error: null }));
    expect(await applyPendingReferral(client, storage)).toBe(answer);
    expect(rpc).toHaveBeenCalledWith('apply_referral_code', { code: 'ANNA2024' });
    expect(pendingReferral(storage)).toBeNull();
  });

  it.each([
    ['an error answer', () => Promise.resolve({ data: null, error: { message: 'boom' } })],
    ['a thrown call', () => Promise.reject(new Error('offline'))],
  ])('%s: failed, and still cleared', async (_case, answer) => {
    const storage = memoryStorage({ [pendingReferralKey]: 'ANNA2024' });
    expect(await applyPendingReferral(fakeClient(answer).client, storage)).toBe('failed');
    expect(pendingReferral(storage)).toBeNull();
  });

  it('nothing pending (or only the placeholder): no call', async () => {
    const { client, rpc } = fakeClient(() => Promise.resolve({ data: 'applied', error: null }));
    expect(await applyPendingReferral(client, memoryStorage())).toBe('none');
    const storage = memoryStorage({ [pendingReferralKey]: 'code-x-1234' });
    expect(await applyPendingReferral(client, storage)).toBe('none');
    expect(pendingReferral(storage)).toBeNull();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('happens 1 s after login, and not if cancelled first', async () => {
    const storage = memoryStorage({ [pendingReferralKey]: 'ANNA2024' });
    const { client, rpc } = fakeClient(() => Promise.resolve({ data: 'applied', error: null }));
    const done = vi.fn();
    schedulePendingReferral(client, storage, done);
    await vi.advanceTimersByTimeAsync(999);
    expect(rpc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(rpc).toHaveBeenCalledOnce();
    expect(done).toHaveBeenCalledWith('applied');

    const other = memoryStorage({ [pendingReferralKey]: 'ANNA2024' });
    const cancel = schedulePendingReferral(client, other);
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rpc).toHaveBeenCalledOnce();
    expect(pendingReferral(other)).toBe('ANNA2024');
  });
});

describe('SPEC 7.3 / 8.6: generating a referral code', () => {
  const withSession = (token: string | null, invoke: ReturnType<typeof vi.fn>) =>
    ({
      auth: { getSession: () => Promise.resolve({ data: { session: token ? { access_token: token } : null } }) },
      functions: { invoke },
    }) as unknown as Parameters<typeof generateReferralCode>[0];

  it("posts an empty body with the user's bearer token and returns referralCode", async () => {
    const invoke = vi.fn(() => Promise.resolve({ data: { referralCode: 'ABCD2345' }, error: null }));
    expect(await generateReferralCode(withSession('jwt', invoke))).toEqual({ referralCode: 'ABCD2345' });
    expect(invoke).toHaveBeenCalledWith('generate-referral-code', { method: 'POST', body: {}, headers: { Authorization: 'Bearer jwt' } });
  });

  it("without a session: 'Not authenticated', no call", async () => {
    const invoke = vi.fn();
    expect(await generateReferralCode(withSession(null, invoke))).toEqual({ error: 'Not authenticated' });
    expect(invoke).not.toHaveBeenCalled();
  });

  it("shows the server's error field, else 'Failed to generate referral code'", async () => {
    const failing = (body: unknown) => vi.fn(() => Promise.resolve({ data: null, error: { name: 'FunctionsHttpError', context: new Response(JSON.stringify(body), { status: 500 }) } }));
    expect(await generateReferralCode(withSession('jwt', failing({ error: 'Database down' })))).toEqual({ error: 'Database down' });
    expect(await generateReferralCode(withSession('jwt', failing({})))).toEqual({ error: 'Failed to generate referral code' });
    expect(
      await generateReferralCode(
        withSession(
          'jwt',
          vi.fn(() => Promise.resolve({ data: null, error: new Error('offline') })),
        ),
      ),
    ).toEqual({
      error: 'Failed to generate referral code',
    });
  });
});

describe('SPEC 7.2: BANDS transaction pages', () => {
  it.each([
    [1, 10, [0, 9]],
    [2, 10, [10, 19]],
    [3, 25, [50, 74]],
  ])('page %i of %i rows is rows %o', (page, size, range) => {
    expect(transactionPageRange(page, size)).toEqual(range);
  });

  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [23, 10, 3],
  ])('%i transactions at %i a page make %i pages', (total, size, pages) => {
    expect(transactionPageCount(total, size)).toBe(pages);
  });

  it('names every kind of ledger entry in Dutch, and an unknown one plainly', () => {
    const labels = bandsTransactionTypes.map(bandsTransactionLabel);
    expect(labels).toEqual([
      'Welkomstkorting via uitnodiging',
      'Uitnodigingsbonus',
      'Besteed aan een boeking',
      'Terug: boeking gaat niet door',
      'Correctie door Podium',
      'Welkomstkorting weer beschikbaar',
      'Uitnodigingsbonus teruggeboekt',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
    expect(bandsTransactionLabel('something_new')).toBe('BANDS-mutatie');
  });

  it('names where a bonus for an invited person stands', () => {
    expect(['pending', 'paid', 'reversed', 'capped'].map(referralBonusStatusLabel)).toEqual(['Wacht op eerste optreden', 'Bonus ontvangen', 'Bonus teruggeboekt', 'Geen bonus']);
  });
});

describe('SPEC 6 / 9: a leaderboard with your own position', () => {
  const row = (rank: number | null, mine = false): LeaderboardRow => ({ rank, display_name: mine ? 'Ik' : `Nummer ${rank}`, avatar_path: null, is_current_user: mine });
  const top = (count: number) => Array.from({ length: count }, (_, index) => row(index + 1));

  it('in the top: no extra row, your row stays where it is', () => {
    const rows = [...top(3), row(4, true), ...top(10).slice(4)];
    expect(splitLeaderboard(rows, 10)).toEqual({ top: rows, own: null, gap: false });
  });

  it('outside the top: your row comes apart, with a gap when people stand between', () => {
    const rows = [...top(10), row(37, true)];
    expect(splitLeaderboard(rows, 10)).toEqual({ top: top(10), own: row(37, true), gap: true });
  });

  it('right after the top: apart, without a gap', () => {
    expect(splitLeaderboard([...top(10), row(11, true)], 10)).toEqual({ top: top(10), own: row(11, true), gap: false });
  });

  it('not ranked (no balance, no code): apart with rank null, also on a short board', () => {
    expect(splitLeaderboard([...top(3), row(null, true)], 10)).toEqual({ top: top(3), own: row(null, true), gap: false });
    expect(splitLeaderboard([row(null, true)], 10)).toEqual({ top: [], own: row(null, true), gap: false });
  });

  it('an empty board', () => {
    expect(splitLeaderboard([], 10)).toEqual({ top: [], own: null, gap: false });
  });
});

describe('sharing your link', () => {
  it('is /ref/{code} on the site, the code escaped', () => {
    expect(referralLink('https://podium.nl', 'ANNA2024')).toBe('https://podium.nl/ref/ANNA2024');
    expect(referralLink('http://127.0.0.1:3000/', 'a b')).toBe('http://127.0.0.1:3000/ref/a%20b');
  });

  it('says what the friend gets, with the amount when known', () => {
    const link = 'https://podium.nl/ref/ANNA2024';
    expect(referralShareText(link, '€ 5,00')).toBe('Boek live muziek voor je feest via Podium! Met mijn link krijg je € 5,00 korting op je boeking: https://podium.nl/ref/ANNA2024');
    expect(referralShareText(link, null)).toBe('Boek live muziek voor je feest via Podium! Met mijn link krijg je korting op je boeking: https://podium.nl/ref/ANNA2024');
  });

  it('opens WhatsApp with the message filled in', () => {
    const url = whatsappShareUrl('Kom ook: https://podium.nl/ref/ANNA2024 & meer');
    expect(url).toBe('https://wa.me/?text=Kom%20ook%3A%20https%3A%2F%2Fpodium.nl%2Fref%2FANNA2024%20%26%20meer');
    expect(new URL(url).searchParams.get('text')).toBe('Kom ook: https://podium.nl/ref/ANNA2024 & meer');
  });
});

describe('SPEC 4.5: applying on login, whichever way the user logs in', () => {
  function fakeStore() {
    let state: { status: string; user?: { id: string } | null } = { status: 'loading' };
    const listeners = new Set<() => void>();
    return {
      store: {
        subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
        getSnapshot: () => state as never,
      },
      set(next: typeof state) {
        state = next;
        for (const listener of listeners) listener();
      },
    };
  }

  it('applies 1 s after a user appears; a logout in between cancels', async () => {
    const storage = memoryStorage({ [pendingReferralKey]: 'ANNA2024' });
    const { client, rpc } = fakeClient(() => Promise.resolve({ data: 'applied', error: null }));
    const session = fakeStore();
    const stop = applyPendingReferralOnLogin(session.store, client, storage);
    session.set({ status: 'no-user', user: null });
    session.set({ status: 'no-profile', user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(500);
    session.set({ status: 'no-user', user: null });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rpc).not.toHaveBeenCalled();

    session.set({ status: 'no-profile', user: { id: 'u1' } });
    session.set({ status: 'ready', user: { id: 'u1' } }); // same user: not scheduled twice
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rpc).toHaveBeenCalledOnce();
    expect(pendingReferral(storage)).toBeNull();
    stop();
  });

  it('does nothing without a pending code', async () => {
    const { client, rpc } = fakeClient(() => Promise.resolve({ data: 'applied', error: null }));
    const session = fakeStore();
    applyPendingReferralOnLogin(session.store, client, memoryStorage());
    session.set({ status: 'ready', user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(rpc).not.toHaveBeenCalled();
  });
});
