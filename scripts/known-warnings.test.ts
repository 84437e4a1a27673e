// supabase-js's Node 20 notice shows once per test run; other warnings are never hidden.
import { describe, expect, it } from 'vitest';
import { showKnownWarningsOnce } from './known-warnings.ts';

const nodeNotice =
  '⚠️  Node.js 20 and below are deprecated and will no longer be supported in future versions of @supabase/supabase-js. Please upgrade to Node.js 22 or later. For more information, visit: https://github.com/orgs/supabase/discussions/45715\n';

describe('showKnownWarningsOnce', () => {
  it("shows supabase-js's Node 20 notice the first time and drops its repeats", () => {
    const onConsoleLog = showKnownWarningsOnce();
    expect(onConsoleLog(nodeNotice)).toBeUndefined();
    for (let file = 0; file < 68; file++) expect(onConsoleLog(nodeNotice)).toBe(false);
  });

  it('leaves every other warning and log line alone, repeated or not', () => {
    const onConsoleLog = showKnownWarningsOnce();
    onConsoleLog(nodeNotice);
    for (const line of ['Warning: An update to Zoeken inside a test was not wrapped in act(...)', 'Node.js 18 is old', 'deprecated: something else']) {
      expect(onConsoleLog(line)).toBeUndefined();
      expect(onConsoleLog(line)).toBeUndefined();
    }
  });

  it('counts per run: a new run shows the notice again', () => {
    showKnownWarningsOnce()(nodeNotice);
    expect(showKnownWarningsOnce()(nodeNotice)).toBeUndefined();
  });
});
