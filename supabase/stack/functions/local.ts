// The functions runtime as this stack configures it: its folder, port and Deno cache, and the
// project environment a function sees (URLs, keys, and the secrets the local stack supplies
// itself). The supervisor runs it; tests start a second one with a secret or the port changed.
import { db, instagram, keys, mollie, paths, ports, urls } from '../config.ts';
import type { FunctionsServiceOptions } from './service.ts';

export function localFunctionsOptions(changes: { port?: number; localSecrets?: Record<string, string>; watch?: boolean } = {}): FunctionsServiceOptions {
  return {
    functionsDir: paths.functions,
    configFile: paths.configToml,
    port: changes.port ?? ports.functions,
    denoDir: paths.denoCache,
    jwtSecret: keys.jwtSecret,
    project: {
      apiUrl: urls.api,
      anonKey: keys.anon,
      serviceRoleKey: keys.serviceRole,
      dbUrl: db.url,
      // On hosted Supabase these are secrets (`supabase secrets set`) pointing at api.mollie.com.
      // SMTP_* point the functions' mail at the stack's catcher; hosted Supabase gets a real
      // provider's SMTP secrets. SITE_URL is where mails link to. INSTAGRAM_* are the Instagram
      // sandbox's app and hosts (instagram-link); hosted Supabase gets the real app's id and secret.
      localSecrets: {
        MOLLIE_API_URL: urls.mollie,
        MOLLIE_API_KEY: mollie.apiKey,
        // Mollie Connect: the app's id, secret and redirect URI, the authorize page and the token
        // endpoint (https://my.mollie.com/oauth2/authorize and https://api.mollie.com/oauth2/tokens in
        // production), and the platform's own organization (the one the API key belongs to).
        MOLLIE_CONNECT_CLIENT_ID: mollie.connectClientId,
        MOLLIE_CONNECT_CLIENT_SECRET: mollie.connectClientSecret,
        MOLLIE_CONNECT_REDIRECT_URI: mollie.connectRedirectUri,
        MOLLIE_OAUTH_URL: urls.mollieConnect.authorize,
        MOLLIE_TOKENS_URL: urls.mollieConnect.tokens,
        MOLLIE_PLATFORM_ORGANIZATION_ID: mollie.platformOrganizationId,
        MOLLIE_ORGANIZATION_ACCESS_TOKEN: mollie.organizationAccessToken,
        INSTAGRAM_CLIENT_ID: instagram.clientId,
        INSTAGRAM_CLIENT_SECRET: instagram.clientSecret,
        INSTAGRAM_OAUTH_URL: urls.instagram.api,
        INSTAGRAM_GRAPH_URL: urls.instagram.graph,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(ports.smtp),
        SITE_URL: urls.site,
        ...changes.localSecrets,
      },
    },
    watch: changes.watch ?? false,
  };
}
