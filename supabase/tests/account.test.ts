// The customer's profile and account against the stack, as the people
// involved: terms acceptance on the profile (set at sign-up, null for an OAuth-like sign-up, then
// accept_terms), Dutch phone numbers stored as E.164 and bad ones refused in Dutch with nothing
// written, names refused in Dutch, and deleting one's own account through the delete-account edge
// function: the login goes, the person's data goes, and what the other side and the books need
// stays, as 'Verwijderde gebruiker'. Refusals (upcoming gig, unpaid refund, admin) change nothing.
import { randomUUID } from 'node:crypto';
import { accountDeletionMessages, deletedUserName, profileMessages, profileNeedsCompletion } from '@podium/shared/account';
import { dutchPhoneExamples } from '@podium/shared/phone-examples.test-support';
import { invalidDutchPhoneMessage } from '@podium/shared/phone';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { clientWithToken } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, serviceClient, sql, type Role, type TestUser } from './support.ts';

const password = 'Geheim-wachtwoord-123';

interface Person extends TestUser {
  password: string;
}

/** Someone who signed up with e-mail and password (terms accepted) and is signed in: a real session, as the apps have. */
async function signedUp(role: Role = 'customer', names = { first_name: 'Dewi', last_name: 'de Wit' }): Promise<Person> {
  const email = `account-${role}-${randomUUID().slice(0, 8)}@example.com`;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { ...names, role: role === 'admin' ? 'customer' : role, terms_accepted: true },
  });
  if (created.error) throw created.error;
  if (role === 'admin') await sql(`update public.profiles set role = 'admin' where id = $1`, [created.data.user.id]);
  const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { id: created.data.user.id, email, password, token: data.session.access_token, client: clientWithToken(data.session.access_token) };
}

async function deleteAccountCall(token: string | null, body: unknown = { confirmation: 'VERWIJDEREN' }) {
  const response = await fetch(`${urls.api}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), apikey: keys.anon, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { deleted?: boolean; error?: string; reason?: string; msg?: string } | null };
}

const profileRow = async (id: string) => (await sql('select * from public.profiles where id = $1', [id]))[0];
const authUser = async (id: string) => (await sql('select id from auth.users where id = $1', [id]))[0];
const canSignIn = async (person: Person) => !(await anonClient().auth.signInWithPassword({ email: person.email, password: person.password })).error;
/** 200, or the storage API's statusCode for a missing file ('404', in a 400 answer, as on Supabase). */
async function publicFile(bucket: string, path: string): Promise<number> {
  const response = await fetch(`${urls.api}/storage/v1/object/public/${bucket}/${path}`);
  if (response.ok) return response.status;
  return Number(((await response.json()) as { statusCode?: string }).statusCode);
}
// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

afterAll(closePool);

describe('terms acceptance', () => {
  it('is set at sign-up when the terms were accepted there', async () => {
    const person = await signedUp();
    const row = await profileRow(person.id);
    expect(row!.terms_accepted_at).toBeInstanceOf(Date);
    expect(profileNeedsCompletion({ first_name: row!.first_name as string, last_name: row!.last_name as string, terms_accepted_at: String(row!.terms_accepted_at) })).toBe(false);
  });

  it('is null for a sign-up without metadata (OAuth), whose profile then needs completing; accept_terms sets it once', async () => {
    const email = `oauth-${randomUUID().slice(0, 8)}@example.com`;
    const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    const { data: session } = await anonClient().auth.signInWithPassword({ email, password });
    const client = clientWithToken(session.session!.access_token);

    const { data: own } = await client.from('profiles').select('first_name, last_name, terms_accepted_at').eq('id', id).single();
    expect(own).toEqual({ first_name: '', last_name: '', terms_accepted_at: null });
    expect(profileNeedsCompletion(own)).toBe(true);

    const accepted = await client.rpc('accept_terms');
    expect(accepted.error).toBeNull();
    expect(new Date(accepted.data as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await client.rpc('accept_terms');
    expect(new Date(again.data as string).getTime()).toBe(new Date(accepted.data as string).getTime());

    expect((await client.from('profiles').update({ first_name: 'Gijs', last_name: 'Google' }).eq('id', id)).error).toBeNull();
    const { data: completed } = await client.from('profiles').select('first_name, last_name, terms_accepted_at').eq('id', id).single();
    expect(profileNeedsCompletion(completed)).toBe(false);
  });

  it('cannot be written directly, nor the deletion mark; a guest cannot accept terms', async () => {
    const person = await createUser('customer');
    const before = await profileRow(person.id);
    for (const patch of [{ terms_accepted_at: '2020-01-01T00:00:00Z' }, { terms_accepted_at: null }, { deleted_at: new Date().toISOString() }]) {
      expect((await person.client.from('profiles').update(patch).eq('id', person.id)).error?.code).toBe('42501');
    }
    expect(await profileRow(person.id)).toEqual(before);
    expect((await anonClient().rpc('accept_terms')).error?.code).toBe('42501');
  });
});

describe('phone numbers', () => {
  it.each(dutchPhoneExamples)('the database reads %j as %j (the rule of shared/src/phone.ts)', async (typed, stored) => {
    const [row] = await sql<{ phone: string | null }>('select private.normalize_dutch_phone($1) as phone', [typed]);
    expect(row!.phone).toBe(stored);
  });

  it('are stored as E.164 whatever the person types', async () => {
    const person = await createUser('customer');
    for (const [typed, stored] of [
      ['06-12345678', '+31612345678'],
      ['+31 (0)20 123 4567', '+31201234567'],
      ['0031 6 8765 4321', '+31687654321'],
    ] as const) {
      const { data, error } = await person.client.from('profiles').update({ phone: typed }).eq('id', person.id).select('phone').single();
      expect(error).toBeNull();
      expect(data!.phone).toBe(stored);
    }
  });

  it('are refused in Dutch when they are not Dutch numbers, and nothing is written', async () => {
    const person = await createUser('customer');
    await person.client.from('profiles').update({ phone: '06 11112222' }).eq('id', person.id);
    const before = await profileRow(person.id);
    for (const typed of ['+32 470 12 34 56', '06 1234', 'bel me maar', '31612345678']) {
      const { error } = await person.client.from('profiles').update({ phone: typed, first_name: 'Anders' }).eq('id', person.id);
      expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message: invalidDutchPhoneMessage });
    }
    expect(await profileRow(person.id)).toEqual(before);
  });

  it('are removed with an empty field', async () => {
    const person = await createUser('customer');
    await person.client.from('profiles').update({ phone: '0612345678' }).eq('id', person.id);
    for (const empty of ['', '   ']) {
      await person.client.from('profiles').update({ phone: '0612345678' }).eq('id', person.id);
      const { data } = await person.client.from('profiles').update({ phone: empty }).eq('id', person.id).select('phone').single();
      expect(data!.phone).toBeNull();
    }
  });
});

describe('names', () => {
  it.each([
    ['an empty first name', { first_name: '' }, profileMessages.firstNameRequired],
    ['a first name of spaces', { first_name: '   ' }, profileMessages.firstNameRequired],
    ['a first name of 101 characters', { first_name: 'a'.repeat(101) }, profileMessages.firstNameTooLong],
    ['an empty last name', { last_name: '' }, profileMessages.lastNameRequired],
    ['a last name of tabs and newlines', { last_name: '\t\n ' }, profileMessages.lastNameRequired],
    ['a last name of 101 characters', { last_name: 'b'.repeat(101) }, profileMessages.lastNameTooLong],
  ])('%s is refused in Dutch and nothing is written', async (_, patch, message) => {
    const person = await createUser('customer');
    const before = await profileRow(person.id);
    const { error } = await person.client.from('profiles').update(patch).eq('id', person.id);
    expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message });
    expect(await profileRow(person.id)).toEqual(before);
  });

  it('are trimmed; 100 characters fit; other columns change without touching the names', async () => {
    const person = await createUser('customer');
    const { data } = await person.client
      .from('profiles')
      .update({ first_name: '  Anna ', last_name: 'x'.repeat(100) })
      .eq('id', person.id)
      .select('first_name, last_name')
      .single();
    expect(data).toEqual({ first_name: 'Anna', last_name: 'x'.repeat(100) });
    const nameless = await signedUpWithoutNames();
    expect((await nameless.client.from('profiles').update({ phone: '0612345678' }).eq('id', nameless.id)).error).toBeNull();
  });
});

async function signedUpWithoutNames() {
  const email = `nameless-${randomUUID().slice(0, 8)}@example.com`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  const { data } = await anonClient().auth.signInWithPassword({ email, password });
  return { id: created.data.user!.id, client: clientWithToken(data.session!.access_token) };
}

describe('deleting an account', () => {
  let customer: Person, artistUser: Person, otherArtistUser: TestUser;
  let artistId: string, otherArtistId: string, bookingId: string, pendingId: string, conversationId: string, reviewId: string;
  const avatarPath = () => `${customer.id}/avatar.png`;
  const documentPath = () => `${customer.id}/id.pdf`;

  beforeAll(async () => {
    [customer, artistUser, otherArtistUser] = await Promise.all([signedUp('customer', { first_name: 'Carla', last_name: 'Klant' }), signedUp('artist'), createUser('artist')]);
    [artistId, otherArtistId] = await Promise.all([createArtist(artistUser), createArtist(otherArtistUser)]);
    bookingId = await createBooking(customer, artistId, 'completed');
    pendingId = await createBooking(customer, otherArtistId, 'pending');
    const review = await customer.client
      .from('reviews')
      .insert({ booking_id: bookingId, rating: 5, music_rating: 5, professionalism_rating: 4, communication_rating: 5, body: 'Een geweldige avond, iedereen danste.' })
      .select('id')
      .single();
    expect(review.error).toBeNull();
    reviewId = review.data!.id as string;
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
    for (const [who, text] of [
      [customer, 'Hoi, spelen jullie ook op zondag?'],
      [artistUser, 'Zeker, welke datum?'],
      [customer, 'De 12e, tot dan!'],
    ] as const) {
      expect((await who.client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: who.id, message_text: text })).error).toBeNull();
    }
    expect((await customer.client.from('favorites').insert({ profile_id: customer.id, artist_id: artistId })).error).toBeNull();
    expect((await customer.client.storage.from('avatars').upload(avatarPath(), png, { contentType: 'image/png' })).error).toBeNull();
    expect((await customer.client.storage.from('documents').upload(documentPath(), Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await customer.client.from('profiles').update({ avatar_path: avatarPath(), phone: '06 12345678' }).eq('id', customer.id)).error).toBeNull();
    await sql(`select private.post_bands($1, 750, 'admin_adjustment', $2, 'Test-tegoed')`, [customer.id, `account-test:${customer.id}`]);
  }, 60_000);

  it('needs the confirmation word and a signed-in person', async () => {
    for (const body of [{}, { confirmation: 'verwijderen' }, { confirmation: 'JA' }, { confirmation: ' VERWIJDEREN ' }]) {
      expect(await deleteAccountCall(customer.token, body)).toEqual({ status: 400, body: { error: accountDeletionMessages.confirmationMissing } });
    }
    expect((await deleteAccountCall(null)).status).toBe(401);
    expect((await deleteAccountCall(keys.anon)).status).toBe(401);
    expect(await authUser(customer.id)).toBeDefined();
  });

  it('deletes the login and the personal data; the other side keeps the booking, the review and the messages from a Verwijderde gebruiker', async () => {
    expect(await publicFile('avatars', avatarPath())).toBe(200);
    expect(await deleteAccountCall(customer.token)).toEqual({ status: 200, body: { deleted: true } });

    // The login is gone: no sign-in, no user, no sessions or identities.
    expect(await canSignIn(customer)).toBe(false);
    expect(await authUser(customer.id)).toBeUndefined();
    expect(await sql('select id from auth.sessions where user_id = $1 union all select id::uuid from auth.identities where user_id = $1', [customer.id])).toEqual([]);

    // The profile is a tombstone.
    expect(await profileRow(customer.id)).toMatchObject({
      first_name: 'Verwijderde',
      last_name: 'gebruiker',
      email: null,
      phone: null,
      avatar_path: null,
      referral_code: null,
      bands_balance_cents: 0,
      deleted_at: expect.any(Date),
    });
    expect((await anonClient().from('public_profiles').select('display_name, avatar_path').eq('id', customer.id).single()).data).toEqual({ display_name: deletedUserName, avatar_path: null });

    // Files and favourites are gone; the BANDS ledger stays, with the forfeited balance.
    expect(await publicFile('avatars', avatarPath())).toBe(404);
    expect(await sql(`select name from storage.objects where bucket_id in ('avatars', 'documents') and name like $1`, [`${customer.id}/%`])).toEqual([]);
    expect(await sql('select * from public.favorites where profile_id = $1', [customer.id])).toEqual([]);
    expect(await sql<{ amount_cents: number }>('select amount_cents from public.bands_transactions where user_id = $1 order by created_at', [customer.id])).toEqual([
      { amount_cents: 750 },
      { amount_cents: -750 },
    ]);

    // The artist keeps the booking, the review and the conversation.
    const booking = await artistUser.client.from('bookings').select('id, status, public_profiles(display_name)').eq('id', bookingId).single();
    expect(booking.data).toEqual({ id: bookingId, status: 'completed', public_profiles: { display_name: deletedUserName } });
    const review = await anonClient().from('reviews').select('body, public_profiles(display_name)').eq('id', reviewId).single();
    expect(review.data).toEqual({ body: 'Een geweldige avond, iedereen danste.', public_profiles: { display_name: deletedUserName } });
    const conversations = ((await artistUser.client.rpc('my_conversations')).data ?? []) as { id: string; other_name: string; last_message: string }[];
    expect(conversations.find((row) => row.id === conversationId)).toMatchObject({ other_name: deletedUserName, last_message: 'De 12e, tot dan!' });
    const messages = await artistUser.client
      .from('chat_messages')
      .select('message_text, sender:public_profiles!chat_messages_sender_public_profile_fkey(display_name)')
      .eq('conversation_id', conversationId)
      .order('created_at');
    expect(messages.data?.map((message) => [message.message_text, (message.sender as unknown as { display_name: string }).display_name])).toEqual([
      ['Hoi, spelen jullie ook op zondag?', deletedUserName],
      ['Zeker, welke datum?', (await sql<{ display_name: string }>('select display_name from public.public_profiles where id = $1', [artistUser.id]))[0]!.display_name],
      ['De 12e, tot dan!', deletedUserName],
    ]);
    // Nobody writes to a deleted account any more; the open request ended.
    expect((await artistUser.client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: artistUser.id, message_text: 'Ben je er nog?' })).error?.code).toBe('42501');
    expect((await sql('select status, cancelled_by from public.bookings where id = $1', [pendingId]))[0]).toEqual({ status: 'cancelled', cancelled_by: 'system' });
  });

  it('is answered 401 a second time, and the e-mail address can sign up again as a new account', async () => {
    expect(await deleteAccountCall(customer.token)).toEqual({ status: 401, body: { error: accountDeletionMessages.notSignedIn } });
    const again = await serviceClient().auth.admin.createUser({
      email: customer.email,
      password,
      email_confirm: true,
      user_metadata: { first_name: 'Carla', last_name: 'Opnieuw', terms_accepted: true },
    });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).not.toBe(customer.id);
    expect(await profileRow(again.data.user!.id)).toMatchObject({ email: customer.email, first_name: 'Carla', deleted_at: null, bands_balance_cents: 0 });
    expect(await sql('select id from public.bookings where customer_id = $1', [again.data.user!.id])).toEqual([]);
  });

  it('leaves a tombstone that cannot be claimed: a login with its id cannot be made', async () => {
    // As the auth server would write it (hosted GoTrue's admin API takes an id).
    await expect(
      sql(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), '{"provider":"email"}', '{}', now(), now())`,
        [customer.id, `claim-${randomUUID().slice(0, 8)}@example.com`],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await authUser(customer.id)).toBeUndefined();
    expect((await profileRow(customer.id))!.deleted_at).not.toBeNull();
  });
});

describe('deleting an account is refused, and nothing changes', () => {
  let artistUser: TestUser, artistId: string;

  beforeAll(async () => {
    artistUser = await createUser('artist');
    artistId = await createArtist(artistUser);
  });

  async function expectRefused(person: Person, status: number, body: Record<string, unknown>) {
    const before = await profileRow(person.id);
    expect(await deleteAccountCall(person.token)).toEqual({ status, body });
    expect(await profileRow(person.id)).toEqual(before);
    expect(await canSignIn(person)).toBe(true);
  }

  it.each(['confirmed', 'accepted'] as const)('with an upcoming %s gig as customer (409 upcoming_gigs)', async (status) => {
    const person = await signedUp();
    await createBooking(person, artistId, status);
    await expectRefused(person, 409, { error: accountDeletionMessages.upcoming_gigs, reason: 'upcoming_gigs' });
  });

  it('with a refund not yet paid out (409 unpaid_refunds)', async () => {
    const person = await signedUp();
    const booking = await createBooking(person, artistId, 'cancelled');
    const [payment] = await sql<{ id: string }>(`insert into public.payments (booking_id, provider_payment_id, amount_cents, status, paid_at) values ($1, $2, 105000, 'paid', now()) returning id`, [
      booking,
      `tr_${randomUUID().slice(0, 10)}`,
    ]);
    // A payment arriving for a cancelled booking is refunded in full (late_payment_refund_history).
    expect(await sql('select done_at from private.refund_requests where payment_id = $1', [payment!.id])).toEqual([{ done_at: null }]);
    await expectRefused(person, 409, { error: accountDeletionMessages.unpaid_refunds, reason: 'unpaid_refunds' });
    // Once the refund is sent, the account can go.
    await sql('update private.refund_requests set done_at = now() where booking_id = $1', [booking]);
    expect((await deleteAccountCall(person.token)).status).toBe(200);
  });

  it("for an act's owner with an upcoming gig of the act (409 upcoming_gigs)", async () => {
    const owner = await signedUp('artist');
    const act = await createArtist(owner);
    await createBooking(await createUser('customer'), act, 'confirmed');
    await expectRefused(owner, 409, { error: accountDeletionMessages.upcoming_gigs, reason: 'upcoming_gigs' });
  });

  it('for an admin (403)', async () => {
    const admin = await signedUp('admin');
    await expectRefused(admin, 403, { error: accountDeletionMessages.adminAccount });
  });

  it('when anyone but the server calls the database function (permission denied)', async () => {
    const person = await signedUp();
    const before = await profileRow(person.id);
    const callers: SupabaseClient[] = [anonClient(), person.client, (await createUser('admin')).client, (await createUser('customer')).client];
    for (const caller of callers) {
      expect((await caller.rpc('anonymize_account', { account_id: person.id })).error?.code).toBe('42501');
    }
    expect(await profileRow(person.id)).toEqual(before);
  });
});

describe('deleting an artist account', () => {
  it('unpublishes the act and removes its media; its customers keep their past booking and review', async () => {
    const owner = await signedUp('artist');
    const act = await createArtist(owner);
    const fan = await signedUp();
    const booking = await createBooking(fan, act, 'completed', { startsAt: new Date(Date.now() - 10 * 86_400_000), endsAt: new Date(Date.now() - 10 * 86_400_000 + 3_600_000) });
    expect(
      (await fan.client.from('reviews').insert({ booking_id: booking, rating: 4, music_rating: 4, professionalism_rating: 4, communication_rating: 4, body: 'Prima band, goede sfeer.' })).error,
    ).toBeNull();
    const mediaPath = `${act}/foto.png`;
    expect((await owner.client.storage.from('artist-media').upload(mediaPath, png, { contentType: 'image/png' })).error).toBeNull();
    await sql(`insert into public.artist_media (artist_id, kind, storage_path) values ($1, 'image', $2)`, [act, mediaPath]);
    expect(await publicFile('artist-media', mediaPath)).toBe(200);

    expect(await deleteAccountCall(owner.token)).toEqual({ status: 200, body: { deleted: true } });
    expect(await publicFile('artist-media', mediaPath)).toBe(404);
    expect((await sql('select deleted_at is not null as unpublished, bio, cover_path from public.artists where id = $1', [act]))[0]).toEqual({ unpublished: true, bio: '', cover_path: null });
    expect(await sql('select id from public.artist_media where artist_id = $1', [act])).toEqual([]);
    expect((await anonClient().from('artists').select('id').eq('id', act)).data).toEqual([]);
    expect((await fan.client.from('bookings').select('id, status').eq('id', booking)).data).toEqual([{ id: booking, status: 'completed' }]);
    expect((await fan.client.from('reviews').select('body').eq('booking_id', booking)).data).toEqual([{ body: 'Prima band, goede sfeer.' }]);
  });
});

describe('after a half failure', () => {
  it('a second call finishes the job: the scrub again, the files, the login', async () => {
    const person = await signedUp();
    const path = `${person.id}/avatar.png`;
    expect((await person.client.storage.from('avatars').upload(path, png, { contentType: 'image/png' })).error).toBeNull();
    // Step 1 happened, then the function died before removing files and the login.
    expect((await serviceClient().rpc('anonymize_account', { account_id: person.id })).data).toEqual([{ bucket: 'avatars', path }]);
    expect(await canSignIn(person)).toBe(true);
    const { data: session } = await anonClient().auth.signInWithPassword({ email: person.email, password: person.password });
    // The half-deleted person cannot change the tombstone meanwhile.
    const halfway = clientWithToken(session.session!.access_token);
    expect((await halfway.from('profiles').update({ first_name: 'Terug' }).eq('id', person.id)).error?.code).toBe('42501');

    expect(await deleteAccountCall(session.session!.access_token)).toEqual({ status: 200, body: { deleted: true } });
    expect(await publicFile('avatars', path)).toBe(404);
    expect(await authUser(person.id)).toBeUndefined();
    expect(await canSignIn(person)).toBe(false);
  });

  it('a login deleted another way (an admin, the dashboard) leaves a tombstone, and the bookings stay', async () => {
    const person = await signedUp();
    const artistOwner = await createUser('artist');
    const booking = await createBooking(person, await createArtist(artistOwner), 'completed');
    expect((await serviceClient().auth.admin.deleteUser(person.id)).error).toBeNull();
    expect(await profileRow(person.id)).toMatchObject({ first_name: 'Verwijderde', email: null, deleted_at: expect.any(Date) });
    expect((await sql('select customer_id from public.bookings where id = $1', [booking]))[0]).toEqual({ customer_id: person.id });
  });
});

// A signed-in person's session carries the profile the apps load (select *): the new column is in it.
describe('the profile the apps load', () => {
  it('includes terms_accepted_at', async () => {
    const person = await signedUp();
    const { data } = await person.client.from('profiles').select('*').eq('id', person.id).single();
    expect(Object.keys(data!)).toEqual(expect.arrayContaining(['terms_accepted_at', 'deleted_at', 'phone']));
  });
});
