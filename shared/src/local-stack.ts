// The local stack's defaults, for every part of the workspace that talks to it: its ports and
// URLs (with the PODIUM_PORT_BASE and PODIUM_*_PORT overrides) and the Supabase CLI's well-known
// demo anon key (public by design). Apps, their builds and tests read them here, the stack's
// config.ts derives from them, so nothing outside supabase/stack imports the stack's code.
// Pure functions of the environment they are given, without Node imports: this module ends up
// in browser bundles. The service-role key and JWT secret therefore live in local-stack-node.ts.

/** The environment variables the defaults read (process.env, or any record of them). */
export type StackEnv = Readonly<Record<string, string | undefined>>;

export const localSupabase = {
  url: 'http://127.0.0.1:54321',
  anonKey: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
} as const;

/**
 * The local stack's Instagram app (its sandbox stands in for Instagram): the app id is public,
 * as on Instagram, where it is part of every authorize link. Its secret is the stack's alone.
 */
export const localInstagramApp = { clientId: '990000000000001' } as const;

/**
 * The local stack's Mollie Connect app (the payments sandbox stands in for Mollie): its client id
 * is public, as at Mollie, where it is part of every authorize link. Its secret is the stack's alone.
 */
export const localMollieConnectApp = { clientId: 'app_podiumLocalConnect' } as const;

export type LocalPorts = ReturnType<typeof localPorts>;

/**
 * The stack's ports. PODIUM_PORT_BASE moves every port at once (base+1 API, base+2 DB, ...), for
 * a second stack beside the default one; a single PODIUM_<NAME>_PORT still wins over it.
 */
export function localPorts(env: StackEnv = {}) {
  const base = env.PODIUM_PORT_BASE ? Number.parseInt(env.PODIUM_PORT_BASE, 10) : undefined;
  const port = (name: string, fallback: number, offset: number) => {
    const own = env[`PODIUM_${name}_PORT`];
    if (own) return Number.parseInt(own, 10);
    return base === undefined ? fallback : base + offset;
  };
  return {
    gateway: port('API', 54321, 1),
    db: port('DB', 54322, 2),
    mail: port('MAIL', 54324, 4),
    smtp: port('SMTP', 54325, 5),
    web: port('WEB', 3000, 20),
    // Internal, loopback only, always behind the gateway. Below Linux's ephemeral range
    // (32768-60999), so a restarted PostgREST never finds its port taken by a client socket.
    postgrest: port('POSTGREST', 28330, 10),
    postgrestAdmin: port('POSTGREST_ADMIN', 28331, 11),
    functions: port('FUNCTIONS', 28334, 14),
    realtime: port('REALTIME', 28332, 12),
    auth: port('AUTH', 28335, 15),
    payments: port('PAYMENTS', 28336, 16),
  };
}

/** Where the stack answers: the API (gateway), the web origin of the apps, the mail catcher, the payments and Instagram sandboxes. */
export function localUrls(env: StackEnv = {}, ports: LocalPorts = localPorts(env)) {
  const api = env.API_EXTERNAL_URL ?? `http://127.0.0.1:${ports.gateway}`;
  return {
    api,
    site: env.SITE_URL ?? `http://127.0.0.1:${ports.web}`,
    mail: `http://127.0.0.1:${ports.mail}`,
    /** The payments sandbox's Mollie API base: what production has as https://api.mollie.com/v2. */
    mollie: `${api}/mollie/v2`,
    /** Mollie Connect's OAuth in the payments sandbox: what production has as https://my.mollie.com/oauth2/authorize and https://api.mollie.com/oauth2/tokens. */
    mollieConnect: {
      authorize: `${api}/mollie/oauth2/authorize`,
      tokens: `${api}/mollie/oauth2/tokens`,
      /** The app's one redirect URI: the mollie-connect function's callback (supabase/functions/_shared/mollie-connect-return.ts). */
      redirect: `${api}/functions/v1/mollie-connect/callback`,
    },
    /** The Instagram sandbox, one folder per Instagram host: what production has as https://www.instagram.com/oauth/authorize, https://api.instagram.com and https://graph.instagram.com. */
    instagram: {
      authorize: `${api}/instagram/www.instagram.com/oauth/authorize`,
      api: `${api}/instagram/api.instagram.com`,
      graph: `${api}/instagram/graph.instagram.com`,
    },
  };
}
