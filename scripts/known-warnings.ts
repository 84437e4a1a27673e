// Warnings the test log shows once, however many test files trigger them.
//
// supabase-js prints "Node.js 20 and below are deprecated" with console.warn when its module
// loads on Node ≤ 20, and vitest loads it afresh for every test file: 69 times in one run. The
// project keeps supporting Node 20 (`engines` says >= 20 and this is the Node many machines, CI
// included, have; supabase-js 2.x still works on it), so the notice is worth reading once, not
// per file. Only these exact known messages are folded; every other warning passes untouched.
const foldedOnce = [/Node\.js 20 and below are deprecated and will no longer be supported in future versions of @supabase\/supabase-js/];

/**
 * An `onConsoleLog` for vitest's root config (it runs in the main process, so the count is over
 * the whole run, all projects): the first occurrence of a known repeated warning is shown, later
 * ones are dropped (false); anything else is left to vitest (undefined).
 */
export function showKnownWarningsOnce() {
  const seen = new Set<RegExp>();
  return (log: string): false | undefined => {
    const known = foldedOnce.find((pattern) => pattern.test(log));
    if (!known) return undefined;
    if (seen.has(known)) return false;
    seen.add(known);
    return undefined;
  };
}

/** Whether a console line is one of the known repeated warnings. */
export function isKnownRepeatedWarning(text: string): boolean {
  return foldedOnce.some((pattern) => pattern.test(text));
}

/**
 * For a Playwright worker (its config runs in every worker before the test files): the runner's
 * main process loads the same modules and shows the known notices once, so a worker drops them.
 * Playwright also gives each worker FORCE_COLOR=1; beside NO_COLOR (CI) Node then warns that
 * NO_COLOR is ignored. FORCE_COLOR=0 says what NO_COLOR says, without the warning.
 */
export function quietPlaywrightWorker(env: NodeJS.ProcessEnv = process.env, console: Pick<Console, 'warn'> = globalThis.console): void {
  if (env.TEST_WORKER_INDEX === undefined) return;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') env.FORCE_COLOR = '0';
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === 'string' && isKnownRepeatedWarning(args[0])) return;
    warn(...args);
  };
}
