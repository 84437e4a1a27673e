import { describe, expect, it } from 'vitest';
import { splitStatements } from './sql-split.ts';

describe('splitStatements', () => {
  it('splits on semicolons outside strings, comments and dollar quotes, and drops comment-only parts', () => {
    const sql = "-- header\nselect ';' as a; /* ; */ create function f() returns int language sql as $$ select 1; $$;\n-- trailing comment\n";
    expect(splitStatements(sql)).toEqual(["-- header\nselect ';' as a", '/* ; */ create function f() returns int language sql as $$ select 1; $$']);
  });

  // With exponential backtracking this never returns (the test's timeout fails it): a migration
  // once hung every stack reset this way.
  it('splits after a long block of line comments', () => {
    const header = Array.from({ length: 200 }, (_, line) => `-- line ${line} of a long explanation`).join('\n');
    expect(splitStatements(`${header}\nalter table t add column c int;`)).toEqual([`${header}\nalter table t add column c int`]);
  });
});
