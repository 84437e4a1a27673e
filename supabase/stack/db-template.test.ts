import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyTemplate, prepareSpare, saveTemplate, templateKey } from './db-template.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-db-template-test-'));
const sql = { bootstrapDir: path.join(dir, 'sql'), migrationsDir: path.join(dir, 'migrations'), seedFile: path.join(dir, 'seed.sql') };
const templates = path.join(dir, 'templates');
const saved = process.env.PODIUM_DB_TEMPLATES_DIR;

beforeEach(() => {
  for (const folder of [sql.bootstrapDir, sql.migrationsDir]) mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(sql.bootstrapDir, '10-base.sql'), 'create schema if not exists extensions;');
  writeFileSync(path.join(sql.migrationsDir, '20260101000000_first.sql'), 'create table t (id int);');
  writeFileSync(sql.seedFile, 'insert into t values (1);');
  process.env.PODIUM_DB_TEMPLATES_DIR = templates;
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.PODIUM_DB_TEMPLATES_DIR;
  else process.env.PODIUM_DB_TEMPLATES_DIR = saved;
});

describe('the cached migrated cluster', () => {
  it('is keyed by the base SQL and the migrations, not by the seed', () => {
    const key = templateKey(sql);
    expect(templateKey(sql)).toBe(key);
    writeFileSync(sql.seedFile, 'insert into t values (2);');
    expect(templateKey(sql)).toBe(key);
    writeFileSync(path.join(sql.migrationsDir, '20260101000000_first.sql'), 'create table t (id bigint);');
    const changedMigration = templateKey(sql);
    expect(changedMigration).not.toBe(key);
    writeFileSync(path.join(sql.migrationsDir, '20260102000000_second.sql'), 'alter table t add column name text;');
    expect(templateKey(sql)).not.toBe(changedMigration);
    writeFileSync(path.join(sql.bootstrapDir, '10-base.sql'), 'create schema if not exists graphql;');
    expect(templateKey(sql)).not.toBe(key);
  });

  it('is copied whole into a new data dir, made now, and a new key removes the old one', () => {
    const cluster = path.join(dir, 'cluster');
    mkdirSync(path.join(cluster, 'base'), { recursive: true });
    writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(cluster, 'base', 'data'), 'rows');
    writeFileSync(path.join(cluster, 'postmaster.opts'), 'the last run');
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(cluster, 'PG_VERSION'), longAgo, longAgo);

    expect(copyTemplate('first', path.join(dir, 'nothing-yet'))).toBe(false);
    saveTemplate('first', cluster);
    const copy = path.join(dir, 'data', 'db');
    expect(copyTemplate('first', copy)).toBe(true);
    expect(readFileSync(path.join(copy, 'base', 'data'), 'utf8')).toBe('rows');
    expect(existsSync(path.join(copy, 'postmaster.opts'))).toBe(false);
    expect(statSync(path.join(copy, 'PG_VERSION')).mtimeMs).toBeGreaterThan(Date.now() - 60_000);

    saveTemplate('second', cluster);
    expect(existsSync(path.join(templates, 'first'))).toBe(false);
    expect(copyTemplate('first', path.join(dir, 'other'))).toBe(false);
    expect(existsSync(path.join(templates, 'second', 'PG_VERSION'))).toBe(true);
  });

  it('keeps a spare copy for the next cold start, which takes it whole; a new key removes the old spare', async () => {
    const cluster = path.join(dir, 'cluster');
    mkdirSync(path.join(cluster, 'base'), { recursive: true });
    writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(cluster, 'base', 'data'), 'rows');
    saveTemplate('first', cluster);
    const spare = path.join(templates, '.first.spare');
    prepareSpare('first');
    await expect.poll(() => existsSync(path.join(spare, 'base', 'data')), { timeout: 10_000 }).toBe(true);
    // Once there, another request leaves it as it is.
    prepareSpare('first');

    const copy = path.join(dir, 'data', 'db');
    expect(copyTemplate('first', copy)).toBe(true);
    expect(readFileSync(path.join(copy, 'base', 'data'), 'utf8')).toBe('rows');
    expect(statSync(path.join(copy, 'PG_VERSION')).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    // Taken, not copied: the spare is gone, the template is whole, and the next start copies.
    expect(existsSync(spare)).toBe(false);
    expect(readFileSync(path.join(templates, 'first', 'base', 'data'), 'utf8')).toBe('rows');
    expect(copyTemplate('first', path.join(dir, 'data', 'db2'))).toBe(true);
    expect(readFileSync(path.join(dir, 'data', 'db2', 'base', 'data'), 'utf8')).toBe('rows');

    prepareSpare('first');
    await expect.poll(() => existsSync(path.join(spare, 'PG_VERSION')), { timeout: 10_000 }).toBe(true);
    saveTemplate('second', cluster);
    expect(existsSync(spare)).toBe(false);
    expect(existsSync(path.join(templates, 'first'))).toBe(false);
  });
});
