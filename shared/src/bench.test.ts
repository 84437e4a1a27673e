import { describe, expect, it } from 'vitest';
import { BenchCheckError, benchExitCode, checkAnswer, median, meetsTarget, parseResults, runPart, summaryTable, type BenchLine } from './bench';

describe('checkAnswer', () => {
  it('refuses an empty answer unless an empty one is expected', () => {
    expect(() => checkAnswer('grid', { status: 200, rows: 0 })).toThrow(BenchCheckError);
    expect(() => checkAnswer('grid', { status: 200, rows: 0 })).toThrow(/0 rows, expected at least 1/);
    expect(() => checkAnswer('grid', { status: 200, rows: 0 }, { minRows: 0 })).not.toThrow();
  });

  it('refuses a refused answer', () => {
    expect(() => checkAnswer('grid', { status: 401, rows: 1 })).toThrow(/answered 401, expected 200/);
    expect(() => checkAnswer('insert', { status: 201 }, { status: 201 })).not.toThrow();
    expect(() => checkAnswer('page', { status: 206, rows: 25 }, { status: [200, 206] })).not.toThrow();
    expect(() => checkAnswer('page', { status: 416, rows: 0 }, { status: [200, 206] })).toThrow(/answered 416, expected 200 or 206/);
  });

  it('checks an exact row count', () => {
    expect(() => checkAnswer('page', { status: 200, rows: 24 }, { rows: 25 })).toThrow(/24 rows, expected 25/);
    expect(() => checkAnswer('page', { status: 200, rows: 25 }, { rows: 25 })).not.toThrow();
  });
});

describe('median', () => {
  it.each([
    [[363, 236, 345], 345],
    [[5], 5],
    [[4, 1, 3, 2], 3],
  ])('of %o is %d, and leaves the rounds in their order', (values, expected) => {
    const copy = [...values];
    expect(median(values)).toBe(expected);
    expect(values).toEqual(copy);
  });
});

describe('meetsTarget', () => {
  it('compares times as lower-is-better and scores as higher-is-better', () => {
    expect(meetsTarget({ part: 'p', figure: 'f', value: 300, unit: 'ms', target: 300 })).toBe(true);
    expect(meetsTarget({ part: 'p', figure: 'f', value: 301, unit: 'ms', target: 300 })).toBe(false);
    expect(meetsTarget({ part: 'p', figure: 'f', value: 89, unit: '', target: 90, better: 'higher' })).toBe(false);
    expect(meetsTarget({ part: 'p', figure: 'f', value: Number.NaN, unit: 'ms' })).toBe(false);
  });
});

describe('the summary', () => {
  const lines: BenchLine[] = [
    { kind: 'figure', part: 'back office', figure: 'first page p95', value: 4.4, unit: 'ms', target: 300 },
    { kind: 'figure', part: 'stack', figure: 'cold start', value: 8400, unit: 'ms', target: 5000 },
    { kind: 'crash', part: 'storefront', error: 'no booking card\nstack trace' },
  ];

  it('prints figure, target, value and ok / missed / crashed', () => {
    const table = summaryTable(lines);
    expect(table).toMatch(/\| figure +\| target +\| value +\| result +\|/);
    expect(table).toMatch(/back office: first page p95 +\| ≤ 300 ms +\| 4\.40 ms +\| ok/);
    expect(table).toMatch(/stack: cold start +\| ≤ 5000 ms +\| 8400 ms +\| missed/);
    expect(table).toMatch(/storefront +\| +\| no booking card +\| crashed/);
    expect(table).not.toContain('stack trace');
    expect(summaryTable([{ kind: 'figure', part: 'storefront', figure: 'initial JS', value: 150.3, unit: 'KB', target: 150 }])).toMatch(/≤ 150 KB +\| 150\.3 KB +\| missed/);
  });

  it('exits non-zero on a missed figure or a crash, zero when all is ok', () => {
    expect(benchExitCode(lines)).toBe(1);
    expect(benchExitCode([lines[0]!])).toBe(0);
    expect(benchExitCode([lines[0]!, lines[2]!])).toBe(1);
  });

  it('in smoke mode holds no figure to its target, but still fails on a crash or a value that is not a number', () => {
    expect(benchExitCode([lines[0]!, lines[1]!], { smoke: true })).toBe(0);
    expect(benchExitCode(lines, { smoke: true })).toBe(1);
    expect(benchExitCode([{ ...lines[0]!, value: Number.NaN } as BenchLine], { smoke: true })).toBe(1);
    const errors: BenchLine = { kind: 'figure', part: 'load', figure: 'errors', value: 2, unit: '', target: 0, failures: true };
    expect(benchExitCode([lines[0]!, errors], { smoke: true })).toBe(1);
    expect(benchExitCode([lines[0]!, { ...errors, value: 0 }], { smoke: true })).toBe(0);
  });

  it('reads back what the parts wrote, skipping what is not a result', () => {
    const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\nnot json\n\n`;
    expect(parseResults(text)).toEqual(lines);
  });
});

describe('runPart', () => {
  it('keeps going after a part crashes and says which part', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      expect(await runPart('bookings page', () => Promise.reject(new Error('no booking card')))).toBe(false);
      expect(await runPart('chat', () => Promise.resolve())).toBe(true);
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain('bookings page did not finish: no booking card');
  });
});
