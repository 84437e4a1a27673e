// Splits a SQL script into statements the way the Supabase CLI records them in
// schema_migrations.statements: on top-level semicolons, respecting quotes, quoted
// identifiers, dollar-quoted bodies and comments.
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const statement = sql.slice(start, end).trim();
    // A line comment takes its own newline (never leaves it to \s): with both possible, a long
    // comment block before a statement made this test backtrack exponentially.
    if (statement && !/^(--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\s)*$/.test(statement)) statements.push(statement);
  };
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth -= 1;
          i += 2;
        } else i += 1;
      }
    } else if (char === "'" || char === '"') {
      i += 1;
      while (i < sql.length) {
        if (sql[i] === char && sql[i + 1] === char) i += 2;
        else if (sql[i] === char) break;
        else i += 1;
      }
      i += 1;
    } else if (char === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? sql.length : end + tag[0].length;
      } else i += 1;
    } else if (char === ';') {
      push(i);
      i += 1;
      start = i;
    } else i += 1;
  }
  push(sql.length);
  return statements;
}
