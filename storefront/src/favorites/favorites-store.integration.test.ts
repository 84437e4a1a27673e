// @vitest-environment node
// Favourites against the running stack with real supabase-js: a guest's hearts stay on the
// device, logging in adds them to the account (what was already there stays), signing out
// leaves the account's list in the database, and the server refusing a heart undoes it.
import { createSessionStore } from '@podium/shared/session';
import { createNodeClient } from '@podium/shared/supabase-node';
import { afterAll, describe, expect, it } from 'vitest';
import { closePool, createArtist, createPasswordUser, createUser, deleteAuthUser, eventually, keys, memoryStorage, serviceClient, urls } from '../../../shared/src/stack.test-support.ts';
import { createFavoritesStore, favoritesStorageKey } from './favorites-store.ts';

const cleanup: string[] = [];
afterAll(async () => {
  for (const id of cleanup) await deleteAuthUser(id);
  await closePool();
});

async function artists(count: number, approved = true) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const owner = await createUser('artist');
    cleanup.push(owner.id);
    ids.push(await createArtist(owner, { approved }));
  }
  return ids;
}

function browser() {
  const storage = memoryStorage();
  const client = createNodeClient(urls.api, keys.anon);
  const session = createSessionStore(client);
  const store = createFavoritesStore({ storage, session, client: async () => client });
  return { storage, client, session, store };
}

const accountFavorites = async (profileId: string) => ((await serviceClient().from('favorites').select('artist_id').eq('profile_id', profileId)).data ?? []).map((row) => row.artist_id).sort();

describe('favourites', () => {
  it('keeps a guest’s hearts on the device and merges them into the account at login', async () => {
    const [first, second, third] = await artists(3);
    const user = await createPasswordUser('customer');
    cleanup.push(user.id);
    // The account already holds one favourite from another device.
    await serviceClient().from('favorites').insert({ profile_id: user.id, artist_id: third! });

    const { storage, client, session, store } = browser();
    await store.toggle(first!);
    await store.toggle(second!);
    await store.toggle(second!);
    await store.toggle(second!);
    expect(store.getSnapshot()).toEqual([second, first]);
    expect(JSON.parse(storage.values.get(favoritesStorageKey)!)).toEqual([second, first]);

    await client.auth.signInWithPassword({ email: user.email, password: user.password });
    await eventually(() => store.getSnapshot().length === 3);
    expect([...store.getSnapshot()].sort()).toEqual([first, second, third].sort());
    expect(await accountFavorites(user.id)).toEqual([first, second, third].sort());
    expect(storage.values.has(favoritesStorageKey)).toBe(false);

    await store.toggle(first!);
    expect(await accountFavorites(user.id)).toEqual([second, third].sort());

    await client.auth.signOut({ scope: 'local' });
    await eventually(() => store.getSnapshot().length === 0);
    expect(await accountFavorites(user.id)).toEqual([second, third].sort());
    store.dispose();
    session.dispose();
  });

  it('undoes a heart the server refuses (an artist that is not public)', async () => {
    const [pending] = await artists(1, false);
    const user = await createPasswordUser('customer');
    cleanup.push(user.id);
    const { client, session, store } = browser();
    await client.auth.signInWithPassword({ email: user.email, password: user.password });
    await eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return session.getSnapshot().status === 'ready';
    });
    await expect(store.toggle(pending!)).rejects.toBeTruthy();
    expect(store.getSnapshot()).toEqual([]);
    expect(await accountFavorites(user.id)).toEqual([]);
    store.dispose();
    session.dispose();
  });

  it('reads nonsense on the device as no favourites', () => {
    const storage = memoryStorage({ [favoritesStorageKey]: '{"not":"a list"' });
    const client = createNodeClient(urls.api, keys.anon);
    const store = createFavoritesStore({ storage, session: createSessionStore(client), client: async () => client });
    expect(store.getSnapshot()).toEqual([]);
    store.dispose();
  });
});
