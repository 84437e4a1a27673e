import { describe, expect, it } from 'vitest';
import { instagramProfileUrl, keepInstagramReturn, newInstagramState, startInstagramLink, takeInstagramReturn, type StateStorage } from './instagram-link.ts';

const memory = (): StateStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
};

const start = (storage: StateStorage, state = 'abc123') =>
  startInstagramLink(storage, { authorizeUrl: 'https://www.instagram.com/oauth/authorize', clientId: '990', origin: 'https://podium.nl/', state });

describe('linking Instagram in the browser', () => {
  it('the authorize link carries the app, the callback, the scope and the state', () => {
    const url = new URL(start(memory()));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '990',
      redirect_uri: 'https://podium.nl/auth/instagram/callback',
      response_type: 'code',
      scope: 'instagram_business_basic',
      state: 'abc123',
    });
  });

  it('a code comes back to be exchanged once, with the state this tab stored', () => {
    const storage = memory();
    start(storage);
    keepInstagramReturn(storage, new URLSearchParams('code=AQxyz&state=abc123'));
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'exchange', code: 'AQxyz' });
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'none' });
    expect(storage.items.size).toBe(0);
  });

  it('another state, or none stored (a link someone else started), is ignored as forged', () => {
    const storage = memory();
    start(storage);
    keepInstagramReturn(storage, new URLSearchParams('code=AQxyz&state=evil'));
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'forged' });
    keepInstagramReturn(storage, new URLSearchParams('code=AQxyz&state=abc123'));
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'forged' });
  });

  it('a refusal and an answer without a code are told apart', () => {
    const storage = memory();
    start(storage);
    keepInstagramReturn(storage, new URLSearchParams('error=access_denied&error_reason=user_denied&state=abc123'));
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'refused' });
    start(storage);
    keepInstagramReturn(storage, new URLSearchParams('state=abc123'));
    expect(takeInstagramReturn(storage)).toEqual({ kind: 'failed' });
  });

  it('states are 32 random hex digits; profiles link to instagram.com', () => {
    expect(newInstagramState()).toMatch(/^[0-9a-f]{32}$/);
    expect(newInstagramState()).not.toBe(newInstagramState());
    expect(instagramProfileUrl('podium.liveband')).toBe('https://www.instagram.com/podium.liveband/');
  });
});
