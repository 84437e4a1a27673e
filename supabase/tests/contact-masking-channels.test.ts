// Contact details on every channel between a customer and an act, as the people who would slip
// them through (supabase-js as customer and as artist, through the gateway): chat messages, the
// booking request's notes, event type and location, decline and cancel reasons (and the mails that
// quote them), package texts, photo captions, names, reviews and replies, and the typing
// indicator's presence. What the other side, the public or the mail gets is masked; masking lasts
// until a booking holds (played, or confirmed past the full-refund period); presence carries
// {typing} and nothing else.
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { keys, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, futureWindow, sendBookingMails, sql, type TestUser } from './support.ts';

const V = '[verborgen]';
const number = '０６１２３４５６７８';
const spelled = 'nul zes een twee drie vier vijf zes zeven acht';
const mail = 'jan (at) gmail (punt) com';

let customer: TestUser, artistUser: TestUser;
let artistId: string;

beforeAll(async () => {
  [customer, artistUser] = await Promise.all([createUser('customer', { first: 'Mila' }), createUser('artist', { first: 'Ruben' })]);
  artistId = await createArtist(artistUser, { name: `De Maskerband ${artistUser.id.slice(0, 6)}` });
});
afterAll(closePool);

/** A window starting `days` from now (for the full-refund period, which counts from today). */
function windowIn(days: number) {
  const startsAt = new Date(Date.now() + days * 86_400_000 + Math.floor(Math.random() * 3_600_000));
  return { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
}

describe('chat messages', () => {
  let conversationId: string;
  const send = (user: TestUser, text: string) =>
    user.client.from('chat_messages').insert({ id: randomUUID(), conversation_id: conversationId, sender_id: user.id, message_text: text }).select('message_text, masked').single();

  beforeAll(async () => {
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
  });

  it('hides numbers and addresses however they are written', async () => {
    for (const [text, expected] of [
      [`Bel me op ${number}`, `Bel me op ${V}`],
      ['06 - 12 - 34 - 56 - 78 is mijn nummer', `${V} is mijn nummer`],
      [`App me op ${spelled}`, `App me op ${V}`],
      [`Mail ${mail} of jan at gmail dot com`, `Mail ${V} of ${V}`],
      ['whatsapp me 0470 12 34 56', `whatsapp me ${V}`],
    ] as const) {
      const { data, error } = await send(customer, text);
      expect(error).toBeNull();
      expect(data).toEqual({ message_text: expected, masked: true });
    }
    const read = await artistUser.client.from('chat_messages').select('message_text').eq('conversation_id', conversationId);
    expect(read.data!.map((row) => row.message_text).join(' ')).not.toMatch(/[0-9０-９]{4}|gmail|nul zes/);
  });

  it('stays masked while a confirmed booking can still be cancelled for a full refund', async () => {
    await createBooking(customer, artistId, 'confirmed', windowIn(45));
    expect((await send(artistUser, 'Mijn nummer: 06-98765432')).data).toEqual({ message_text: `Mijn nummer: ${V}`, masked: true });
  });

  it('lets them through once a confirmed booking is past the full-refund period', async () => {
    await createBooking(customer, artistId, 'confirmed', windowIn(10));
    expect((await send(artistUser, 'Mijn nummer: 06-98765432')).data).toEqual({ message_text: 'Mijn nummer: 06-98765432', masked: false });
  });
});

describe('the booking request, reasons and their mails', () => {
  let other: TestUser, otherArtistUser: TestUser, otherArtistId: string, otherActName: string;

  interface MailSummary {
    ID: string;
    Subject: string;
  }
  const mailsTo = async (email: string) => ((await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as { messages: MailSummary[] }).messages;
  const mailText = async (id: string) => ((await (await fetch(`${urls.mail}/api/v1/message/${id}`)).json()) as { Text: string }).Text;

  beforeAll(async () => {
    [other, otherArtistUser] = await Promise.all([createUser('customer', { first: 'Noor' }), createUser('artist', { first: 'Bas' })]);
    otherActName = `De Redenband ${otherArtistUser.id.slice(0, 6)}`;
    otherArtistId = await createArtist(otherArtistUser, { name: otherActName });
  });

  const request = async (customerUser: TestUser, act: string) => {
    const window = futureWindow(90);
    const { data, error } = await customerUser.client.rpc('request_booking', {
      artist_id: act,
      starts_at: window.startsAt.toISOString(),
      ends_at: window.endsAt.toISOString(),
      event_type: `Bruiloft, app ${number}`,
      event_location: `Oudegracht 123, 3511 AB Utrecht (bel 0612345678)`,
      notes: `Mail me: ${mail} of whatsapp me ${spelled}. We zijn met 150 gasten op 12-06-2027 van 20:00-23:30, budget € 1.250,00.`,
    });
    expect(error).toBeNull();
    return (data as { id: string }).id;
  };

  it('masks the notes, event type and location the artist reads, and leaves the rest', async () => {
    const bookingId = await request(other, otherArtistId);
    const { data } = await otherArtistUser.client.from('bookings').select('event_type, event_location, notes').eq('id', bookingId).single();
    expect(data).toEqual({
      event_type: `Bruiloft, app ${V}`,
      event_location: `Oudegracht 123, 3511 AB Utrecht (bel ${V})`,
      notes: `Mail me: ${V} of whatsapp me ${V}. We zijn met 150 gasten op 12-06-2027 van 20:00-23:30, budget € 1.250,00.`,
    });
  });

  it('masks a decline reason in the booking, its history and the mail to the customer', async () => {
    const bookingId = await request(other, otherArtistId);
    const declined = await otherArtistUser.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'declined', reason: `Te druk, maar app me op ${number}` });
    expect(declined.error).toBeNull();
    const seen = await other.client.from('bookings').select('status_reason, booking_events(reason, to_status)').eq('id', bookingId).single();
    expect(seen.data!.status_reason).toBe(`Te druk, maar app me op ${V}`);
    expect(seen.data!.booking_events.find((event) => event.to_status === 'declined')!.reason).toBe(`Te druk, maar app me op ${V}`);
    await waitFor(async () => {
      await sendBookingMails(bookingId);
      return (await mailsTo(other.email)).some((m) => m.Subject.includes('kan helaas niet'));
    });
    const declineMail = (await mailsTo(other.email)).find((m) => m.Subject.includes('kan helaas niet'))!;
    const text = await mailText(declineMail.ID);
    expect(text).toContain(`Reden: Te druk, maar app me op ${V}`);
    // No run of six digits is left, but the act's own name (whose suffix may be six digits).
    expect(text.replace(otherActName, '')).not.toMatch(/[0-9０-９]{6}/);
  });

  it('masks a cancel reason in the mail to the artist', async () => {
    const bookingId = await request(other, otherArtistId);
    const cancelled = await other.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: `Toch niet. Mail ${mail}` });
    expect(cancelled.error).toBeNull();
    expect((await otherArtistUser.client.from('bookings').select('status_reason').eq('id', bookingId).single()).data!.status_reason).toBe(`Toch niet. Mail ${V}`);
    await waitFor(async () => {
      await sendBookingMails(bookingId);
      return (await mailsTo(otherArtistUser.email)).some((m) => m.Subject.startsWith('Boeking op') && m.Subject.endsWith('geannuleerd'));
    });
    const cancelMail = (await mailsTo(otherArtistUser.email)).find((m) => m.Subject.startsWith('Boeking op') && m.Subject.endsWith('geannuleerd'))!;
    const text = await mailText(cancelMail.ID);
    expect(text).toContain(`Toch niet. Mail ${V}`);
    expect(text).not.toContain('gmail');
  });

  it('refuses a reason over 500 characters in Dutch, changing nothing', async () => {
    const bookingId = await request(other, otherArtistId);
    const refused = await otherArtistUser.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'declined', reason: 'x'.repeat(501) });
    expect(refused.error?.message).toBe('De reden is te lang (maximaal 500 tekens).');
    const [row] = await sql<{ status: string; events: number }>(
      'select b.status, (select count(*)::int from public.booking_events e where e.booking_id = b.id) as events from public.bookings b where b.id = $1',
      [bookingId],
    );
    expect(row).toEqual({ status: 'pending', events: 1 });
    expect((await other.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'y'.repeat(501) })).error?.message).toBe(
      'De reden is te lang (maximaal 500 tekens).',
    );
    expect((await otherArtistUser.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'declined', reason: 'x'.repeat(500) })).error).toBeNull();
  });
});

describe('public texts', () => {
  it('masks package names and descriptions, on insert and on change', async () => {
    const draftOwner = await createUser('artist');
    const draftAct = await createArtist(draftOwner, { approved: false });
    const inserted = await draftOwner.client
      .from('artist_packages')
      .insert({ artist_id: draftAct, name: `Feestpakket ${number}`, description: `3 sets van 45 minuten, € 1.250,00. Boek direct: ${mail}`, price_cents: 125_000 })
      .select('id, name, description')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ name: `Feestpakket ${V}`, description: `3 sets van 45 minuten, € 1.250,00. Boek direct: ${V}` });
    const changed = await draftOwner.client
      .from('artist_packages')
      .update({ description: `Of app ${spelled}` })
      .eq('id', inserted.data!.id)
      .select('description')
      .single();
    expect(changed.data).toEqual({ description: `Of app ${V}` });
  });

  it('masks a photo caption', async () => {
    const draftOwner = await createUser('artist');
    const draftAct = await createArtist(draftOwner, { approved: false });
    const { data, error } = await draftOwner.client
      .from('artist_media')
      .insert({ artist_id: draftAct, kind: 'video', external_url: 'https://www.youtube.com/watch?v=podium', caption: 'Live in Paradiso, boekingen: 0470 12 34 56' })
      .select('caption')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ caption: `Live in Paradiso, boekingen: ${V}` });
  });

  it('masks a name chosen to carry a number, as the other side of a chat reads it', async () => {
    const sender = await createUser('customer');
    const changed = await sender.client.from('profiles').update({ first_name: 'Bel', last_name: '06 12 34 56 78' }).eq('id', sender.id);
    expect(changed.error).toBeNull();
    const started = await sender.client.rpc('start_conversation', { artist: artistId });
    expect(started.error).toBeNull();
    // The artist's inbox lists a conversation once it holds a message.
    expect((await sender.client.from('chat_messages').insert({ conversation_id: started.data as string, sender_id: sender.id, message_text: 'Hallo!' })).error).toBeNull();
    const { data } = await artistUser.client.rpc('my_conversations');
    const names = (data as { other_name: string }[]).map((row) => row.other_name);
    expect(names).toContain(`Bel ${V}`);
    expect(names.join(' ')).not.toContain('56 78');
  });

  it('masks a review and the artist’s reply, as the public reads them', async () => {
    const bookingId = await createBooking(customer, artistId, 'completed', futureWindow(-2000));
    const written = await customer.client
      .from('reviews')
      .insert({ booking_id: bookingId, rating: 5, music_rating: 5, professionalism_rating: 5, communication_rating: 5, body: `Top band! Boek ze zelf via ${mail}` })
      .select('id')
      .single();
    expect(written.error).toBeNull();
    const replied = await artistUser.client.from('reviews').update({ artist_reply: 'Dank je! Volgende keer direct: 06 - 12 - 34 - 56 - 78' }).eq('id', written.data!.id);
    expect(replied.error).toBeNull();
    const { data } = await anonClient().from('reviews').select('body, artist_reply').eq('id', written.data!.id).single();
    expect(data).toEqual({ body: `Top band! Boek ze zelf via ${V}`, artist_reply: `Dank je! Volgende keer direct: ${V}` });
  });
});

describe('the typing indicator', () => {
  let conversationId: string;
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];

  beforeAll(async () => {
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
  });
  afterAll(async () => {
    for (const { client, channel } of channels) await client.removeChannel(channel);
  });

  /** Joins 'chat:{id}' as the app does, signed in as the user (realtime keeps the user's token). */
  async function join(user: TestUser, key: string): Promise<RealtimeChannel> {
    const client = createClient(urls.api, keys.anon, {
      accessToken: async () => user.token,
      realtime: { transport: ws as never },
    });
    await client.realtime.setAuth();
    const channel = client.channel(`chat:${conversationId}`, { config: { private: true, presence: { key } } });
    channels.push({ client, channel });
    return await new Promise((resolve, reject) => {
      channel
        .on('presence', { event: 'sync' }, () => {})
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve(channel);
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
        });
    });
  }

  it('carries {typing} between the two and refuses anything else, which the other never sees', async () => {
    const mine = await join(customer, customer.id);
    const theirs = await join(artistUser, artistUser.id);
    expect(await mine.track({ typing: true, note: `bel ${number}` })).toBe('error');
    expect(await mine.track({ typing: `bel ${number}` })).toBe('error');
    expect(await mine.track({ phone: '0612345678' })).toBe('error');
    expect(await mine.track({ typing: true })).toBe('ok');
    await waitFor(async () => (theirs.presenceState()[customer.id] ?? []).length > 0);
    const seen = theirs.presenceState()[customer.id]!;
    expect(seen.map(({ presence_ref: _ref, ...meta }) => meta)).toEqual([{ typing: true }]);
    expect(JSON.stringify(theirs.presenceState())).not.toMatch(/0612|bel/);
  });

  it('refuses a presence key that is not the user’s own id', async () => {
    await expect(join(customer, `bel ${number}`)).rejects.toThrow(/presence key/);
  });
});
