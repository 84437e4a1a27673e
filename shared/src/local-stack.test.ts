import { describe, expect, it } from 'vitest';
import { localPorts, localSupabase, localUrls } from './local-stack.ts';
import { localKeys } from './local-stack-node.ts';

describe('the local stack’s defaults', () => {
  it('are the Supabase CLI’s ports with no environment', () => {
    expect(localPorts()).toMatchObject({ gateway: 54321, db: 54322, mail: 54324, smtp: 54325, web: 3000 });
    expect(localUrls()).toEqual({
      api: localSupabase.url,
      site: 'http://127.0.0.1:3000',
      mail: 'http://127.0.0.1:54324',
      mollie: 'http://127.0.0.1:54321/mollie/v2',
      mollieConnect: {
        authorize: 'http://127.0.0.1:54321/mollie/oauth2/authorize',
        tokens: 'http://127.0.0.1:54321/mollie/oauth2/tokens',
        redirect: 'http://127.0.0.1:54321/functions/v1/mollie-connect/callback',
      },
      instagram: {
        authorize: 'http://127.0.0.1:54321/instagram/www.instagram.com/oauth/authorize',
        api: 'http://127.0.0.1:54321/instagram/api.instagram.com',
        graph: 'http://127.0.0.1:54321/instagram/graph.instagram.com',
      },
    });
  });

  it('PODIUM_PORT_BASE moves every port; a single PODIUM_<NAME>_PORT still wins', () => {
    const env = { PODIUM_PORT_BASE: '23000', PODIUM_MAIL_PORT: '25999' };
    expect(localPorts(env)).toMatchObject({ gateway: 23001, db: 23002, mail: 25999, smtp: 23005, web: 23020, postgrest: 23010 });
    expect(localUrls(env)).toMatchObject({ api: 'http://127.0.0.1:23001', site: 'http://127.0.0.1:23020', mail: 'http://127.0.0.1:25999' });
  });

  it('API_EXTERNAL_URL and SITE_URL name the public addresses', () => {
    expect(localUrls({ API_EXTERNAL_URL: 'https://api.example.nl', SITE_URL: 'https://example.nl' })).toMatchObject({
      api: 'https://api.example.nl',
      site: 'https://example.nl',
      mollie: 'https://api.example.nl/mollie/v2',
    });
  });

  it('the keys are the CLI’s demo keys, each overridable; only the anon key is the browsers’ default', () => {
    const role = (jwt: string) => (JSON.parse(atob(jwt.split('.')[1] ?? '')) as { role: string }).role;
    const keys = localKeys();
    expect(role(keys.anon)).toBe('anon');
    expect(keys.anon).toBe(localSupabase.anonKey);
    expect(role(keys.serviceRole)).toBe('service_role');
    expect(localKeys({ SUPABASE_SERVICE_ROLE_KEY: 'x', JWT_SECRET: 'y' })).toMatchObject({ serviceRole: 'x', jwtSecret: 'y' });
  });
});
