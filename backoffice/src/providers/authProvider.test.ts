// The admin check of the auth provider, against a fake supabase-js client.
import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@podium/shared';
import { createAuthProvider } from './authProvider.ts';

function fakeClient({ role, signInError }: { role: string | null; signInError?: string }) {
  const user = { id: 'user-1', email: 'anne@example.nl' };
  let session: { user: typeof user } | null = null;
  const signOut = vi.fn(async () => {
    session = null;
    return { error: null };
  });
  const client = {
    auth: {
      signInWithPassword: vi.fn(async () => {
        if (signInError) return { data: { user: null, session: null }, error: { message: signInError } };
        session = { user };
        return { data: { user, session }, error: null };
      }),
      getSession: vi.fn(async () => ({ data: { session } })),
      getUser: vi.fn(async () => ({ data: { user: session?.user ?? null }, error: null })),
      signOut,
    },
    from: () => ({
      select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: role ? { role, first_name: 'Anne', last_name: 'Beheer', email: user.email, avatar_path: null } : null, error: null }) }) }),
    }),
  };
  return { client: client as unknown as SupabaseClient<Database>, signOut, login: () => (session = { user }) };
}

describe('authProvider.login', () => {
  it('lets an admin in', async () => {
    const { client, signOut } = fakeClient({ role: 'admin' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: ' Anne@Example.nl ', password: 'x' })).resolves.toBeUndefined();
    expect(signOut).not.toHaveBeenCalled();
    expect(client.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'anne@example.nl', password: 'x' });
  });

  it('refuses a customer with the role message and signs them out again', async () => {
    const { client, signOut } = fakeClient({ role: 'customer' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow(
      'Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.',
    );
    expect(signOut).toHaveBeenCalled();
  });

  it('signs out a user without a profile', async () => {
    const { client, signOut } = fakeClient({ role: null });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow('Profiel niet gevonden. Neem contact op met support.');
    expect(signOut).toHaveBeenCalled();
  });

  it('explains wrong credentials in Dutch', async () => {
    const { client } = fakeClient({ role: 'admin', signInError: 'Invalid login credentials' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow(
      'Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.',
    );
  });
});

describe('authProvider.checkAuth', () => {
  it('sends a guest to the login page', async () => {
    const { client } = fakeClient({ role: 'admin' });
    const leave = vi.fn();
    await expect(createAuthProvider({ client, leave }).checkAuth({})).rejects.toBeDefined();
    expect(leave).not.toHaveBeenCalled();
  });

  it('passes an admin', async () => {
    const fake = fakeClient({ role: 'admin' });
    fake.login();
    await expect(createAuthProvider({ client: fake.client, leave: vi.fn() }).checkAuth({})).resolves.toBeUndefined();
  });

  it.each([
    ['customer', '/'],
    ['artist', '/dashboard/artist'],
  ])('sends a logged-in %s to their own destination', async (role, destination) => {
    const fake = fakeClient({ role });
    fake.login();
    const leave = vi.fn();
    void createAuthProvider({ client: fake.client, leave }).checkAuth({});
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(destination));
  });
});
