// /test-booking-flow (development builds, SPEC 2.1): one booking driven through its whole life by
// the three people who move it, signed in here as the seeded demo accounts (README 'Demo data'):
// the customer requests, cancels and pays (in the Mollie sandbox, choosing the outcome), the
// artist accepts, declines or cancels, an admin completes or cancels. Every step goes through the
// same RPCs and edge functions the product uses, so the database's rules, mails and refunds run.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from '@podium/shared/totp';

export interface DemoAccount {
  email: string;
  password: string;
  /** The base32 secret of the account's authenticator app: admins sign in with a code too. */
  totpSecret?: string;
}

/**
 * The seeded demo accounts (supabase/seed.sql; README 'Demo data' publishes them, the demo
 * admin's authenticator secret included).
 */
export const demoAccounts: Record<Actor, DemoAccount> = {
  customer: { email: 'klant@podium.nl', password: 'Podium2026!' },
  artist: { email: 'artiest@podium.nl', password: 'Podium2026!' },
  admin: { email: 'admin@podium.nl', password: 'Podium2026!', totpSecret: 'PODIUMDEMOADMINTWEESTAPSGEHEIMXX' },
};

export type Actor = 'customer' | 'artist' | 'admin';
export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'expired';

export interface DriverOptions {
  url: string;
  anonKey: string;
  accounts: Record<Actor, DemoAccount>;
  /** For Node (tests): fetch and the realtime transport; the browser's own by default. */
  fetch?: typeof fetch;
  realtimeTransport?: unknown;
}

export interface BookingState {
  id: string;
  status: string;
  starts_at: string;
  total_cents: number;
  payment_deadline: string | null;
  response_deadline: string | null;
  events: { to_status: string; actor: string; reason: string | null; created_at: string }[];
  payments: { status: string; amount_cents: number; method: string | null }[];
}

/** What the database answered, in its own Dutch words. */
export class StepRefused extends Error {}

export function createBookingDriver(options: DriverOptions) {
  const clients = new Map<Actor, Promise<SupabaseClient>>();
  const signedIn = (actor: Actor) => {
    let client = clients.get(actor);
    if (!client) {
      client = (async () => {
        // A client of its own per person, kept in memory: the page's own session is left alone.
        const supabase = createClient(options.url, options.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `podium-test-booking-flow-${actor}` },
          global: options.fetch ? { fetch: options.fetch } : {},
          ...(options.realtimeTransport ? { realtime: { transport: options.realtimeTransport as never } } : {}),
        });
        const { email, password, totpSecret } = options.accounts[actor];
        const { error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) throw new StepRefused(`Inloggen als ${email} lukt niet: ${error.message}`);
        // An admin acts only after the second factor: the code their authenticator app shows now.
        if (totpSecret) {
          const factors = await supabase.auth.mfa.listFactors();
          const factor = factors.data?.totp[0];
          if (!factor) throw new StepRefused(`${email} heeft geen authenticator-app gekoppeld.`);
          const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(totpSecret) });
          if (verified.error) throw new StepRefused(`De tweestapsverificatie van ${email} lukt niet: ${verified.error.message}`);
        }
        return supabase;
      })();
      clients.set(actor, client);
      client.catch(() => clients.delete(actor));
    }
    return client;
  };
  const refused = (error: { message: string } | null) => {
    if (error) throw new StepRefused(error.message);
  };

  async function transition(actor: Actor, bookingId: string, status: string, reason?: string) {
    const client = await signedIn(actor);
    const { error } = await client.rpc('transition_booking', { booking_id: bookingId, new_status: status, ...(reason ? { reason } : {}) });
    refused(error);
  }

  return {
    /** The demo artist's act: the one the customer books. */
    async artist(): Promise<{ id: string; name: string }> {
      const client = await signedIn('artist');
      const { data: user } = await client.auth.getUser();
      const { data, error } = await client
        .from('artists')
        .select('id, name')
        .eq('profile_id', user.user?.id ?? '')
        .is('deleted_at', null)
        .limit(1)
        .maybeSingle();
      refused(error);
      if (!data) throw new StepRefused(`${options.accounts.artist.email} heeft geen act.`);
      return data as { id: string; name: string };
    },

    /**
     * The customer asks for an evening about `daysAhead` days from now. The demo artist is booked
     * on many evenings (seed data, earlier runs); an evening the database says is taken is skipped
     * for the next free-looking one, as a person would pick another date.
     */
    async request(artistId: string, daysAhead = 60): Promise<string> {
      const client = await signedIn('customer');
      let lastRefusal = '';
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const startsAt = new Date(Date.now() + (daysAhead + Math.floor(Math.random() * 300)) * 86_400_000);
        startsAt.setUTCHours(17 + Math.floor(Math.random() * 4), Math.floor(Math.random() * 4) * 15, 0, 0);
        const { data, error } = await client
          .rpc('request_booking', {
            artist_id: artistId,
            starts_at: startsAt.toISOString(),
            ends_at: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
            event_type: 'Testfeest',
            event_location: 'Utrecht',
            notes: 'Aangemaakt op /test-booking-flow',
          })
          .single();
        if (!error) return (data as { id: string }).id;
        lastRefusal = error.message;
        if (!/niet beschikbaar|al geboekt/.test(error.message)) break;
      }
      throw new StepRefused(lastRefusal);
    },

    accept: (bookingId: string) => transition('artist', bookingId, 'accepted'),
    decline: (bookingId: string, reason: string) => transition('artist', bookingId, 'declined', reason),
    cancel: (actor: Actor, bookingId: string, reason: string) => transition(actor, bookingId, 'cancelled', reason),
    complete: (bookingId: string) => transition('admin', bookingId, 'completed'),

    /**
     * The customer pays: create-payment, then the sandbox checkout with the chosen outcome (as a
     * person picking it on Mollie's page). Mollie's webhook does the rest (a paid booking is
     * confirmed); answers the checkout address.
     */
    async pay(bookingId: string, outcome: PaymentOutcome): Promise<string> {
      const client = await signedIn('customer');
      const { data, error } = await client.functions.invoke<{ checkoutUrl?: string; error?: string }>('create-payment', { body: { bookingId } });
      if (error) {
        const body = (await (error as { context?: Response }).context?.json?.().catch(() => null)) as { error?: string } | null;
        throw new StepRefused(body?.error ?? error.message);
      }
      const checkoutUrl = data?.checkoutUrl;
      if (!checkoutUrl) throw new StepRefused('Geen betaalpagina ontvangen.');
      await (options.fetch ?? fetch)(checkoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ method: 'ideal', status: outcome }).toString(),
        // A browser may only post the form across origins without reading the answer (no-cors),
        // and then must follow its redirect (to /checkout/success, harmless).
        ...(options.fetch ? { redirect: 'manual' as const } : { mode: 'no-cors' as const }),
      });
      return checkoutUrl;
    },

    /** The booking as its customer sees it: status, deadlines, timeline and payments. */
    async state(bookingId: string): Promise<BookingState> {
      const client = await signedIn('customer');
      const { data, error } = await client
        .from('bookings')
        .select('id, status, starts_at, total_cents, payment_deadline, response_deadline, events:booking_events(to_status, actor, reason, created_at), payments(status, amount_cents, method)')
        .eq('id', bookingId)
        .order('created_at', { referencedTable: 'booking_events' })
        .single();
      refused(error);
      return data as unknown as BookingState;
    },
  };
}

export type BookingDriver = ReturnType<typeof createBookingDriver>;
