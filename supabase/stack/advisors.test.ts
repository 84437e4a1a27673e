import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from './config.ts';
import { withDatabase } from './testing.ts';

// The real Supabase CLI's security advisors, run against the stack's database: what would be
// flagged on hosted Supabase is flagged here first.
function securityAdvisories(): string[] {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');
  const output = execFileSync(process.execPath, [cli, 'db', 'advisors', `--remote=${db.url}`, '--type', 'security', '--level', 'info', '--output-format', 'json'], {
    encoding: 'utf8',
    timeout: 60_000,
    cwd: path.dirname(path.dirname(cli)),
  });
  const report = JSON.parse(output.slice(output.indexOf('{'))) as { results: { name: string; level: string; detail: string }[] };
  return report.results.map((issue) => `${issue.level} ${issue.name}: ${issue.detail}`);
}

describe('supabase db advisors (security)', () => {
  it('reports nothing for the schema', () => {
    expect(securityAdvisories()).toEqual([]);
  }, 90_000);

  it('would catch a public table without RLS', async () => {
    const table = `advisor_probe_${randomUUID().slice(0, 8)}`;
    // Our migrations revoke hosted Supabase's default grants, so a probe table is only exposed
    // (and flagged) once it is granted to the API roles, as hosted Supabase's defaults would.
    await withDatabase((client) => client.query(`create table public.${table} (id int primary key); grant select on public.${table} to anon, authenticated`));
    try {
      expect(securityAdvisories().join('\n')).toContain(table);
    } finally {
      await withDatabase((client) => client.query(`drop table public.${table}`));
    }
  }, 90_000);
});
