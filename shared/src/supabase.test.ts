import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ws from 'ws';
import { localSupabase } from './local-stack.ts';
import { authStorageKey, createBrowserClient } from './supabase.ts';
import { createNodeClient } from './supabase-node.ts';

const storageKeyOf = (client: object) => (client as { storageKey?: string }).storageKey;

describe('authStorageKey', () => {
  // Browser clients expect a global WebSocket, which Node 20 lacks.
  beforeAll(() => {
    vi.stubGlobal('WebSocket', ws);
    return () => vi.unstubAllGlobals();
  });

  it.each(['http://127.0.0.1:54321', 'http://localhost:54321', 'https://abcdefgh.supabase.co'])('matches supabase-js for %s', (url) => {
    expect(authStorageKey(url)).toBe(storageKeyOf(createClient(url, localSupabase.anonKey)));
  });

  it('is sb-127-auth-token for the local stack', () => {
    expect(authStorageKey(localSupabase.url)).toBe('sb-127-auth-token');
    expect(storageKeyOf(createBrowserClient(localSupabase.url, localSupabase.anonKey))).toBe('sb-127-auth-token');
  });
});

describe('createNodeClient', () => {
  it('gives realtime the ws transport, since Node 20 has no WebSocket', () => {
    const client = createNodeClient(localSupabase.url, localSupabase.anonKey);
    expect(client.realtime.transport).toBeTypeOf('function');
    expect(client.realtime.transport.name).toBe('WebSocket');
  });
});
