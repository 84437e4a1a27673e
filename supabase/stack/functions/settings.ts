// What `supabase functions serve` reads before it runs anything: which folders are functions,
// their `[functions.<name>]` settings in config.toml, and the secrets the functions get.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse } from 'smol-toml';

/** The Supabase CLI's function slug rule: `_shared`, dotfiles and the like are never functions. */
export const FUNCTION_SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

export interface FunctionSettings {
  /** `verify_jwt`: a valid JWT of the project is required in Authorization (the CLI's default). */
  verifyJwt: boolean;
  /** `enabled = false` keeps a function from being served. */
  enabled: boolean;
}

const DEFAULTS: FunctionSettings = { verifyJwt: true, enabled: true };

export type FunctionsConfig = (name: string) => FunctionSettings;

/** The `[functions.<name>]` tables of config.toml; a function without one gets the CLI's defaults. */
export function readFunctionsConfig(configFile: string): FunctionsConfig {
  const parsed = existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
  const tables = (parsed.functions ?? {}) as Record<string, { verify_jwt?: unknown; enabled?: unknown }>;
  const settings = new Map<string, FunctionSettings>();
  for (const [name, table] of Object.entries(tables)) {
    settings.set(name, {
      verifyJwt: typeof table.verify_jwt === 'boolean' ? table.verify_jwt : DEFAULTS.verifyJwt,
      enabled: typeof table.enabled === 'boolean' ? table.enabled : DEFAULTS.enabled,
    });
  }
  return (name) => settings.get(name) ?? DEFAULTS;
}

/** Whether `name` is a function that can be served: a valid slug with an index.ts, not disabled. */
export function isServed(functionsDir: string, config: FunctionsConfig, name: string): boolean {
  return FUNCTION_SLUG.test(name) && config(name).enabled && existsSync(path.join(functionsDir, name, 'index.ts'));
}

/**
 * The secrets: `.env.example` (committed, the local defaults every fresh clone works with) and
 * then `.env` (git-ignored, your own values, which win). Names starting with SUPABASE_ are
 * reserved and skipped, as `supabase secrets set` skips them.
 */
export function readSecrets(functionsDir: string): { secrets: Record<string, string>; skipped: string[] } {
  const secrets: Record<string, string> = {};
  const skipped: string[] = [];
  for (const file of ['.env.example', '.env']) {
    const full = path.join(functionsDir, file);
    if (!existsSync(full)) continue;
    for (const [name, value] of Object.entries(parseEnv(readFileSync(full, 'utf8')))) {
      if (value === undefined) continue;
      if (name.startsWith('SUPABASE_')) skipped.push(name);
      else secrets[name] = value;
    }
  }
  return { secrets, skipped: [...new Set(skipped)] };
}

export interface ProjectEnv {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  /**
   * Secrets the local stack supplies itself, such as the payments sandbox's URL and test key,
   * which depend on its ports. `.env.example` and `.env` override them.
   */
  localSecrets?: Record<string, string>;
}

/** The environment a function sees on Supabase: the project's URL and keys, then the secrets. */
export function functionEnv(project: ProjectEnv, secrets: Record<string, string>): Record<string, string> {
  return {
    ...project.localSecrets,
    ...secrets,
    SUPABASE_URL: project.apiUrl,
    SUPABASE_ANON_KEY: project.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: project.serviceRoleKey,
    SUPABASE_DB_URL: project.dbUrl,
  };
}
