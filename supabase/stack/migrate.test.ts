import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from './config.ts';
import { migrationFiles, parseMigrationName, projectSql, setupDatabase } from './migrate.ts';
import { splitStatements } from './sql-split.ts';
import { withDatabase } from './testing.ts';

describe('splitStatements', () => {
  it('splits on top-level semicolons only', () => {
    const sql = `
      create table a (x text default 'a;b');  -- a comment; with a semicolon
      /* block; comment */ create function f() returns int language sql as $$ select 1; $$;
      create function g() returns text language plpgsql as $body$ begin return 'x;'; end $body$;
      select "odd;name" from a;
    `;
    expect(splitStatements(sql)).toEqual([
      "create table a (x text default 'a;b')",
      expect.stringMatching(/^-- a comment; with a semicolon\n\s+\/\* block; comment \*\/ create function f\(\) returns int language sql as \$\$ select 1; \$\$$/),
      "create function g() returns text language plpgsql as $body$ begin return 'x;'; end $body$",
      'select "odd;name" from a',
    ]);
  });

  it('drops empty statements and trailing comments', () => {
    expect(splitStatements(';;\n-- only a comment\n')).toEqual([]);
  });
});

describe('migration file names', () => {
  it.each([
    ['20240101120000_create_profiles.sql', { version: '20240101120000', name: 'create_profiles' }],
    ['1_init.sql', { version: '1', name: 'init' }],
    ['create_profiles.sql', undefined],
    ['20240101_x.txt', undefined],
  ])('%s', (file, expected) => {
    expect(parseMigrationName(file)).toEqual(expected);
  });
});

describe('the database the stack prepared', () => {
  it('has what hosted Supabase provides: roles, schemas, auth helpers, extensions', async () => {
    await withDatabase(async (client) => {
      const roles = await client.query("select rolname, rolcanlogin, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname");
      expect(roles.rows).toEqual([
        { rolname: 'anon', rolcanlogin: false, rolbypassrls: false },
        { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false },
        { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false },
        { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true },
      ]);
      const schemas = await client.query("select nspname from pg_namespace where nspname in ('auth','storage','extensions') order by 1");
      expect(schemas.rows.map((row) => row.nspname)).toEqual(['auth', 'extensions', 'storage']);
      const extensions = await client.query(
        "select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where extname in ('pgcrypto','pg_trgm','unaccent','btree_gist') order by 1",
      );
      expect(extensions.rows).toEqual([
        { extname: 'btree_gist', nspname: 'extensions' },
        { extname: 'pg_trgm', nspname: 'extensions' },
        { extname: 'pgcrypto', nspname: 'extensions' },
        { extname: 'unaccent', nspname: 'extensions' },
      ]);
    });
  });

  it('auth.uid(), auth.role(), auth.email() and auth.jwt() read the request claims as on Supabase', async () => {
    await withDatabase(async (client) => {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', '{"sub":"9b2f1c56-6a1e-4d55-9e4e-0c4b1d8d7f10","role":"authenticated","email":"anna@example.nl"}', true)`);
      const { rows } = await client.query('select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub', ['sub']);
      await client.query('rollback');
      expect(rows[0]).toEqual({
        uid: '9b2f1c56-6a1e-4d55-9e4e-0c4b1d8d7f10',
        role: 'authenticated',
        email: 'anna@example.nl',
        sub: '9b2f1c56-6a1e-4d55-9e4e-0c4b1d8d7f10',
      });
    });
  });

  it('records every migration as the Supabase CLI does', async () => {
    const files = migrationFiles();
    await withDatabase(async (client) => {
      const { rows } = await client.query('select version, name from supabase_migrations.schema_migrations order by version');
      expect(rows).toEqual(files.map(({ version, name }) => ({ version, name })));
    });
  });
});

describe('setupDatabase on a new database, as `supabase db reset` would run it', () => {
  const name = `podium_migrate_${randomUUID().slice(0, 8)}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-migrations-'));
  const sql = { bootstrapDir: projectSql.bootstrapDir, migrationsDir: dir, seedFile: path.join(dir, 'seed.sql') };
  let client: pg.Client;

  beforeAll(async () => {
    await withDatabase((admin) => admin.query(`create database ${name}`));
    const url = new URL(db.url);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    writeFileSync(path.join(dir, '20240101000000_create_bands.sql'), 'create table public.bands (id int primary key, name text not null);\n');
    writeFileSync(
      path.join(dir, '20240102000000_add_city.sql'),
      "alter table public.bands add column city text;\ncreate function public.band_label(b public.bands) returns text language sql as $$ select b.name || '; ' || b.city $$;\n",
    );
    writeFileSync(sql.seedFile, "insert into public.bands values (1, 'De Dijk', 'Amsterdam');\n");
  });

  afterAll(async () => {
    await client?.end();
    await withDatabase((admin) => admin.query(`drop database if exists ${name} with (force)`));
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the base, the migrations in order, then the seed, and records them as the CLI does', async () => {
    expect(await setupDatabase(client, sql)).toEqual({ bootstrapped: true, migrations: 2, seeded: true });
    const { rows } = await client.query('select version, name, statements from supabase_migrations.schema_migrations order by version');
    expect(rows).toEqual([
      { version: '20240101000000', name: 'create_bands', statements: ['create table public.bands (id int primary key, name text not null)'] },
      {
        version: '20240102000000',
        name: 'add_city',
        statements: ['alter table public.bands add column city text', "create function public.band_label(b public.bands) returns text language sql as $$ select b.name || '; ' || b.city $$"],
      },
    ]);
    const seeded = await client.query('select public.band_label(b) as label from public.bands b');
    expect(seeded.rows).toEqual([{ label: 'De Dijk; Amsterdam' }]);
    expect((await client.query('select path from supabase_migrations.seed_files')).rows).toEqual([{ path: 'supabase/seed.sql' }]);
  });

  it('does nothing the second time: no migration re-run, no second seed', async () => {
    expect(await setupDatabase(client, sql)).toEqual({ bootstrapped: false, migrations: 0, seeded: false });
    expect((await client.query('select count(*)::int as n from public.bands')).rows[0].n).toBe(1);
  });

  it('rolls a failing migration back whole, records nothing, and names the file', async () => {
    writeFileSync(path.join(dir, '20240103000000_broken.sql'), 'create table public.stages (id int primary key);\nalter table public.nowhere add column x int;\n');
    await expect(setupDatabase(client, sql)).rejects.toThrow(/20240103000000_broken\.sql: relation "public\.nowhere" does not exist/);
    expect((await client.query("select to_regclass('public.stages') as stages")).rows[0].stages).toBeNull();
    expect((await client.query('select count(*)::int as n from supabase_migrations.schema_migrations')).rows[0].n).toBe(2);
    rmSync(path.join(dir, '20240103000000_broken.sql'));
  });

  it('applies a migration added later, and only that one', async () => {
    writeFileSync(path.join(dir, '20240104000000_add_genre.sql'), 'alter table public.bands add column genre text;\n');
    expect(await setupDatabase(client, sql)).toEqual({ bootstrapped: false, migrations: 1, seeded: false });
  });
});
