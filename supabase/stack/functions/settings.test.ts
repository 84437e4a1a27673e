// What the functions service reads from disk: config.toml's [functions.<name>] tables, which
// folders are functions, and the secrets from .env.example and .env.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../config.ts';
import { functionEnv, isServed, readFunctionsConfig, readSecrets } from './settings.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'podium-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('config.toml', () => {
  it('takes verify_jwt and enabled per function, with the CLI defaults for the rest', () => {
    const file = path.join(dir, 'config.toml');
    writeFileSync(file, '[api]\nport = 54321\n\n[functions.payment-webhook]\nverify_jwt = false\n\n[functions.old]\nenabled = false\n');
    const config = readFunctionsConfig(file);
    expect(config('payment-webhook')).toEqual({ verifyJwt: false, enabled: true });
    expect(config('old')).toEqual({ verifyJwt: true, enabled: false });
    expect(config('create-payment')).toEqual({ verifyJwt: true, enabled: true });
  });

  it('reads the project’s own config.toml', () => {
    expect(() => readFunctionsConfig(paths.configToml)).not.toThrow();
  });

  it('serves folders with an index.ts whose name is a slug, unless disabled', () => {
    for (const name of ['create-payment', '_shared', 'old', 'empty']) mkdirSync(path.join(dir, name));
    for (const name of ['create-payment', '_shared', 'old']) writeFileSync(path.join(dir, name, 'index.ts'), '');
    writeFileSync(path.join(dir, 'config.toml'), '[functions.old]\nenabled = false\n');
    const config = readFunctionsConfig(path.join(dir, 'config.toml'));
    expect(['create-payment', '_shared', 'old', 'empty', 'missing', '..'].filter((name) => isServed(dir, config, name))).toEqual(['create-payment']);
  });
});

describe('secrets', () => {
  it('lets .env win over the committed .env.example and skips reserved SUPABASE_ names', () => {
    writeFileSync(path.join(dir, '.env.example'), '# defaults\nMOLLIE_API_KEY=test_example\nSITE_NAME="Podium"\n');
    writeFileSync(path.join(dir, '.env'), 'MOLLIE_API_KEY=test_mine\nSUPABASE_URL=http://elsewhere\n');
    expect(readSecrets(dir)).toEqual({ secrets: { MOLLIE_API_KEY: 'test_mine', SITE_NAME: 'Podium' }, skipped: ['SUPABASE_URL'] });
  });

  it('works from a fresh clone, where .env does not exist', () => {
    writeFileSync(path.join(dir, '.env.example'), 'MOLLIE_API_KEY=test_example\n');
    expect(readSecrets(dir).secrets).toEqual({ MOLLIE_API_KEY: 'test_example' });
  });

  it('gives functions the stack’s own sandbox secrets unless a file sets them, and the project env always', () => {
    const project = {
      apiUrl: 'http://127.0.0.1:54321',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      dbUrl: 'postgresql://db',
      localSecrets: { MOLLIE_API_URL: 'http://127.0.0.1:54321/mollie/v2', MOLLIE_API_KEY: 'test_local' },
    };
    expect(functionEnv(project, { MOLLIE_API_KEY: 'test_mine' })).toEqual({
      MOLLIE_API_URL: 'http://127.0.0.1:54321/mollie/v2',
      MOLLIE_API_KEY: 'test_mine',
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'service',
      SUPABASE_DB_URL: 'postgresql://db',
    });
  });
});
