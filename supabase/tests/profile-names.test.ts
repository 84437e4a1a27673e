// Privacy: anyone sees a person's display name and photo (public_profiles); the full name
// (profile_names) only the person, the owner of an act a customer wrote to or booked, the
// customer of a booking the act accepted, and admins
// (supabase/migrations/20261126002100_public_profiles_privacy.sql, 20261128000400_owner_names_for_booked_customers.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

afterAll(closePool);

let customer: TestUser;
let artistOwner: TestUser;
let chatOnlyOwner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let booking: string;
let conversation: string;

beforeAll(async () => {
  [customer, artistOwner, chatOnlyOwner, stranger, admin] = await Promise.all([
    createUser('customer', { first: 'Roos', last: 'Verborgen' }),
    createUser('artist', { first: 'Bas', last: 'Boeker' }),
    createUser('artist', { first: 'Cato', last: 'Chatter' }),
    createUser('customer', { first: 'Vreemde', last: 'Vreemdeling' }),
    createUser('admin', { first: 'Anne', last: 'Beheer' }),
  ]);
  const bookedAct = await createArtist(artistOwner);
  const chatAct = await createArtist(chatOnlyOwner);
  booking = await createBooking(customer, bookedAct, 'pending');
  [{ id: conversation }] = (await sql<{ id: string }>('insert into public.chat_conversations (customer_id, artist_id) values ($1, $2) returning id', [customer.id, chatAct])) as [{ id: string }];
  await sql('insert into public.chat_messages (conversation_id, sender_id, message_text) values ($1, $2, $3)', [conversation, customer.id, 'Hoi, zijn jullie vrij?']);
});

const fullNameAs = async (reader: TestUser, person: TestUser) => {
  const { data, error } = await reader.client.from('profile_names').select('first_name, last_name').eq('id', person.id);
  expect(error).toBeNull();
  return data;
};

describe('public_profiles', () => {
  it('shows anyone the display name and photo, never the full name', async () => {
    for (const client of [anonClient(), stranger.client]) {
      const card = await client.from('public_profiles').select('id, display_name, avatar_path').eq('id', customer.id).single();
      expect(card.data).toEqual({ id: customer.id, display_name: 'Roos V.', avatar_path: null });
      for (const column of ['first_name', 'last_name', '*']) {
        expect((await client.from('public_profiles').select(column).eq('id', customer.id)).error?.code).toBe('42501');
      }
    }
  });

  it('reviews still name their author by display name for guests', async () => {
    const played = await createBooking(customer, await createArtist(await createUser('artist')), 'completed');
    const [{ id: review }] = (await sql<{ id: string }>(
      `insert into public.reviews (booking_id, artist_id, customer_id, rating, body)
       select id, artist_id, customer_id, 5, 'Een geweldige avond, de zaal stond op zijn kop.' from public.bookings where id = $1 returning id`,
      [played],
    )) as [{ id: string }];
    const { data, error } = await anonClient().from('reviews').select('body, public_profiles(display_name)').eq('id', review).single();
    expect(error).toBeNull();
    expect(data).toEqual({ body: 'Een geweldige avond, de zaal stond op zijn kop.', public_profiles: { display_name: 'Roos V.' } });
  });
});

describe('profile_names', () => {
  it('is closed to guests', async () => {
    expect((await anonClient().from('profile_names').select('first_name').eq('id', customer.id)).error?.code).toBe('42501');
  });

  it('hides the full name from a signed-in user with no booking or chat with the person', async () => {
    expect(await fullNameAs(stranger, customer)).toEqual([]);
    expect(await fullNameAs(customer, stranger)).toEqual([]);
  });

  it('shows the person their own name', async () => {
    expect(await fullNameAs(customer, customer)).toEqual([{ first_name: 'Roos', last_name: 'Verborgen' }]);
  });

  it('shows the owner of an act the name of a customer who wrote to it, as the message pop-up reads it', async () => {
    expect(await fullNameAs(chatOnlyOwner, customer)).toEqual([{ first_name: 'Roos', last_name: 'Verborgen' }]);
    // As the message pop-up reads it (shared/src/realtime.ts).
    const { data, error } = await chatOnlyOwner.client
      .from('chat_messages')
      .select('message_text, conversation:chat_conversations(customer:profile_names!chat_conversations_customer_profile_names_fkey(first_name, last_name))')
      .eq('conversation_id', conversation)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ message_text: 'Hoi, zijn jullie vrij?', conversation: { customer: { first_name: 'Roos', last_name: 'Verborgen' } } });
  });

  it("does not give a customer an act owner's name for starting a conversation, only for a booking the act accepted", async () => {
    const prier = await createUser('customer');
    const owner = await createUser('artist', { first: 'Otto', last: 'Eigenaar' });
    const act = await createArtist(owner, { name: `Naamloze band ${owner.id.slice(0, 6)}` });
    const started = await prier.client.rpc('start_conversation', { artist: act });
    expect(started.error).toBeNull();
    expect(await fullNameAs(prier, owner)).toEqual([]);
    expect(await fullNameAs(customer, chatOnlyOwner)).toEqual([]);
    // The conversation still names the act, which is what the customer's chat shows.
    const { data } = await prier.client
      .from('chat_conversations')
      .select('artist:artists(name)')
      .eq('id', started.data as string)
      .single();
    expect(data).toEqual({ artist: { name: `Naamloze band ${owner.id.slice(0, 6)}` } });
    // A request the act has not answered yet gives no name; once accepted, the customer has a booking with the owner.
    const request = await createBooking(prier, act, 'pending');
    expect(await fullNameAs(prier, owner)).toEqual([]);
    await sql(`update public.bookings set status = 'accepted', accepted_at = now(), payment_deadline = now() + interval '3 days' where id = $1`, [request]);
    expect(await fullNameAs(prier, owner)).toEqual([{ first_name: 'Otto', last_name: 'Eigenaar' }]);
    await sql(`update public.bookings set status = 'declined' where id = $1`, [request]);
    expect(await fullNameAs(prier, owner)).toEqual([]);
  });

  it("shows the artist of a booking its customer's name, as the portal reads it, but not the customer the artist's", async () => {
    const { data, error } = await artistOwner.client.from('bookings').select('id, customer:profile_names!bookings_customer_profile_names_fkey(first_name, last_name)').eq('id', booking).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: booking, customer: { first_name: 'Roos', last_name: 'Verborgen' } });
    expect(await fullNameAs(customer, artistOwner)).toEqual([]);
    // Another artist, with no booking of this customer, sees none.
    expect(await fullNameAs(chatOnlyOwner, stranger)).toEqual([]);
  });

  it('shows admins every name', async () => {
    expect(await fullNameAs(admin, stranger)).toEqual([{ first_name: 'Vreemde', last_name: 'Vreemdeling' }]);
  });

  it('follows a name change and a deleted account', async () => {
    await sql(`update public.profiles set first_name = 'Rosa' where id = $1`, [customer.id]);
    expect(await fullNameAs(artistOwner, customer)).toEqual([{ first_name: 'Rosa', last_name: 'Verborgen' }]);
    const gone = await createUser('customer', { first: 'Weg', last: 'Gaander' });
    await createBooking(gone, (await sql<{ id: string }>('select id from public.artists where profile_id = $1', [artistOwner.id]))[0]!.id, 'pending');
    await sql('select private.scrub_account($1)', [gone.id]);
    expect(await fullNameAs(artistOwner, gone)).toEqual([{ first_name: 'Verwijderde', last_name: 'gebruiker' }]);
  });
});
