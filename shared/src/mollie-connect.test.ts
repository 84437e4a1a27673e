import { describe, expect, it } from 'vitest';
import { keepMollieReturn, mollieCallbackUri, newMollieState, startMollieConnect, takeMollieReturn, type StateStorage } from './mollie-connect.ts';
import { localUrls } from './local-stack.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

const start = (storage: StateStorage, from = '/artist-onboarding?stap=uitbetaling', state = 'abc123') =>
  startMollieConnect(storage, { authorizeUrl: 'https://my.mollie.com/oauth2/authorize', clientId: 'app_podium', redirectUri: mollieCallbackUri('https://api.podium.nl/'), from, state });

describe('connecting Mollie in the browser', () => {
  it('the authorize link carries the app, the registered callback, the scopes and the state', () => {
    const url = new URL(start(memoryStorage()));
    expect(`${url.origin}${url.pathname}`).toBe('https://my.mollie.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app_podium',
      redirect_uri: 'https://api.podium.nl/functions/v1/mollie-connect/callback',
      response_type: 'code',
      scope: 'organizations.read onboarding.read onboarding.write balances.read payments.read',
      state: 'abc123',
      approval_prompt: 'auto',
    });
  });

  it('the answer goes back to the page that started it, and its code is exchanged once with the state this tab stored', () => {
    const storage = memoryStorage();
    start(storage);
    expect(keepMollieReturn(storage, new URLSearchParams('code=auth_xyz12345&state=abc123'))).toBe('/artist-onboarding?stap=uitbetaling');
    expect(takeMollieReturn(storage)).toEqual({ kind: 'exchange', code: 'auth_xyz12345' });
    expect(takeMollieReturn(storage)).toEqual({ kind: 'none' });
    expect(storage.values.size).toBe(0);
  });

  it('another state, or none stored (a link someone else started), is ignored as forged', () => {
    const storage = memoryStorage();
    start(storage);
    keepMollieReturn(storage, new URLSearchParams('code=auth_xyz12345&state=evil'));
    expect(takeMollieReturn(storage)).toEqual({ kind: 'forged' });
    // Without a link started in this tab, the return page goes to the profile's payout tab.
    expect(keepMollieReturn(storage, new URLSearchParams('code=auth_xyz12345&state=abc123'))).toBe('/dashboard/artist/profiel?stap=uitbetaling');
    expect(takeMollieReturn(storage)).toEqual({ kind: 'forged' });
  });

  it('a refusal or an answer without a code is reported, never exchanged', () => {
    const storage = memoryStorage();
    start(storage);
    keepMollieReturn(storage, new URLSearchParams('error=access_denied&error_description=denied&state=abc123'));
    expect(takeMollieReturn(storage)).toEqual({ kind: 'refused' });
    start(storage);
    keepMollieReturn(storage, new URLSearchParams('state=abc123'));
    expect(takeMollieReturn(storage)).toEqual({ kind: 'failed' });
  });

  it('goes back only to a page of the portal', () => {
    for (const from of ['https://evil.example/', '//evil.example/dashboard/artist', '/messages', '/dashboard/artist/mollie?code=x']) {
      const storage = memoryStorage();
      start(storage, from);
      expect(keepMollieReturn(storage, new URLSearchParams('code=auth_1&state=abc123'))).toBe('/dashboard/artist/profiel?stap=uitbetaling');
    }
    const storage = memoryStorage();
    start(storage, '/dashboard/artist/uitbetalingen');
    expect(keepMollieReturn(storage, new URLSearchParams('code=auth_1&state=abc123'))).toBe('/dashboard/artist/uitbetalingen');
  });

  it("the local stack's registered redirect URI is the function's callback on the API", () => {
    expect(localUrls().mollieConnect.redirect).toBe(mollieCallbackUri(localUrls().api));
    expect(localUrls({ API_EXTERNAL_URL: 'https://api.podium.nl' }).mollieConnect.redirect).toBe('https://api.podium.nl/functions/v1/mollie-connect/callback');
  });

  it('a state is 128 random bits in hex', () => {
    expect(newMollieState()).toMatch(/^[0-9a-f]{32}$/);
    expect(newMollieState()).not.toBe(newMollieState());
  });
});
