// What every bench part shares: a timed answer is checked before its time counts (a fast empty or
// refused answer is a broken bench, not a fast one), and each figure is recorded with its target
// so the bench runner can print one summary table at the end and fail when a part crashed or a
// figure missed. Figures go to the file named by PODIUM_BENCH_RESULTS (one JSON object a line),
// as each part runs in a process of its own; without it they are only kept in memory.
import { appendFileSync } from 'node:fs';

/**
 * Smoke mode (PODIUM_BENCH_SMOKE=1): every part at tiny sizes, in seconds, its answers still
 * checked but its figures not held to their targets. `npm test` runs it, so a change that breaks
 * a bench fails the day it lands rather than at the next full run.
 */
export const benchSmoke = (): boolean => process.env.PODIUM_BENCH_SMOKE === '1';

/** The full size, or the tiny one in smoke mode. */
export const benchSize = <T>(full: T, smoke: T): T => (benchSmoke() ? smoke : full);

/** The middle value (the upper one of an even count): how the benches take a figure over rounds. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length / 2))]!;
}

export class BenchCheckError extends Error {
  override name = 'BenchCheckError';
}

export interface AnswerExpectation {
  /** The HTTP status expected (200 unless told), or the statuses that are all right. */
  status?: number | readonly number[];
  /** At least this many rows (1 unless told; 0 allows an empty answer on purpose). */
  minRows?: number;
  /** Exactly this many rows. */
  rows?: number;
}

/**
 * Throws a BenchCheckError unless the answer is what the measured query should give: the status,
 * and the number of rows (at least one by default, so an empty answer never counts as fast).
 */
export function checkAnswer(label: string, answer: { status?: number; rows?: number }, expected: AnswerExpectation = {}): void {
  const statuses = [expected.status ?? 200].flat();
  if (answer.status !== undefined && !statuses.includes(answer.status)) {
    throw new BenchCheckError(`${label}: answered ${answer.status}, expected ${statuses.join(' or ')}`);
  }
  if (answer.rows === undefined) return;
  if (expected.rows !== undefined && answer.rows !== expected.rows) {
    throw new BenchCheckError(`${label}: got ${answer.rows} rows, expected ${expected.rows}`);
  }
  const minRows = expected.minRows ?? 1;
  if (answer.rows < minRows) {
    throw new BenchCheckError(`${label}: got ${answer.rows} rows, expected at least ${minRows}; a bench must not time an empty answer`);
  }
}

/** A figure that has a target: `lower` means lower is better (a time), `higher` a score or a rate. */
export interface Figure {
  part: string;
  figure: string;
  value: number;
  unit: string;
  target?: number;
  better?: 'lower' | 'higher';
  /** A count of wrong answers (errors, failed requests), not a speed: held to its target in smoke mode too. */
  failures?: boolean;
}

/** A part that did not run to its end. */
export interface Crash {
  part: string;
  error: string;
}

export type BenchLine = ({ kind: 'figure' } & Figure) | ({ kind: 'crash' } & Crash);

export function meetsTarget(figure: Figure): boolean {
  if (figure.target === undefined) return Number.isFinite(figure.value);
  if (!Number.isFinite(figure.value)) return false;
  return (figure.better ?? 'lower') === 'lower' ? figure.value <= figure.target : figure.value >= figure.target;
}

const recorded: BenchLine[] = [];

function write(line: BenchLine): void {
  recorded.push(line);
  const file = process.env.PODIUM_BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Records a figure for the summary and returns whether it met its target. */
export function recordFigure(figure: Figure): boolean {
  write({ kind: 'figure', ...figure });
  return meetsTarget(figure);
}

/** Records a part that crashed or measured nothing. */
export function recordCrash(part: string, error: unknown): void {
  write({ kind: 'crash', part, error: error instanceof Error ? error.message : String(error) });
}

/** What this process recorded so far. */
export const recordedLines = (): readonly BenchLine[] => recorded;

/**
 * Runs one part of a bench: a crash is recorded (and logged) instead of stopping the parts after
 * it. Returns false when the part crashed.
 */
export async function runPart(part: string, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    console.error(`\n${part} did not finish: ${error instanceof Error ? error.message : String(error)}`);
    recordCrash(part, error);
    return false;
  }
}

/** The lines of a results file (blank lines and lines that are not JSON ignored). */
export function parseResults(text: string): BenchLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as BenchLine];
      } catch {
        return [];
      }
    });
}

// One decimal from 100 up, so a value just over its target (150.3 KB against 150) does not read as equal to it.
const formatNumber = (value: number) => (!Number.isFinite(value) ? String(value) : Number.isInteger(value) ? String(value) : Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(2));

const formatValue = (value: number, unit: string) => `${formatNumber(value)}${unit ? ` ${unit}` : ''}`;

/** The summary: one row a figure (figure, target, value, ok/missed), then one a crashed part. */
export function summaryTable(lines: readonly BenchLine[]): string {
  const rows: string[][] = [['figure', 'target', 'value', 'result']];
  for (const line of lines) {
    if (line.kind === 'figure') {
      const target = line.target === undefined ? '' : `${(line.better ?? 'lower') === 'lower' ? '≤' : '≥'} ${formatValue(line.target, line.unit)}`;
      rows.push([`${line.part}: ${line.figure}`, target, formatValue(line.value, line.unit), meetsTarget(line) ? 'ok' : 'missed']);
    } else {
      rows.push([`${line.part}`, '', line.error.split('\n')[0]!.slice(0, 80), 'crashed']);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const render = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [render(rows[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.slice(1).map(render)].join('\n');
}

/**
 * 0 when every figure met its target and no part crashed; 1 otherwise. In smoke mode the targets
 * are not held (tiny sizes on a busy machine say nothing about speed), but a crash still fails,
 * and so do a figure that is not a number and a count of wrong answers over its target.
 */
export function benchExitCode(lines: readonly BenchLine[], { smoke = benchSmoke() }: { smoke?: boolean } = {}): 0 | 1 {
  const ok = (line: BenchLine) => line.kind === 'figure' && (smoke && !line.failures ? Number.isFinite(line.value) : meetsTarget(line));
  return lines.every(ok) ? 0 : 1;
}
