import { describe, expect, it } from 'vitest';
import { migrationFiles, parseMigrationName } from './migrate.ts';
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
      const roles = await client.query(
        "select rolname, rolcanlogin, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname",
      );
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
      await client.query(
        `select set_config('request.jwt.claims', '{"sub":"9b2f1c56-6a1e-4d55-9e4e-0c4b1d8d7f10","role":"authenticated","email":"anna@example.nl"}', true)`,
      );
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
