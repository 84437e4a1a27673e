// A supervised child that is shut down by a signal (Ctrl-C reaches every process of the
// terminal's group) is not reported as a crash nor restarted; one that really dies still is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManagedChild, crashGraceMs, isShutdownBySignal } from './child.ts';

describe('isShutdownBySignal', () => {
  it('counts SIGINT, SIGTERM and SIGHUP and their shell exit codes as a shutdown', () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) expect(isShutdownBySignal(null, signal)).toBe(true);
    for (const code of [130, 143, 129]) expect(isShutdownBySignal(code, null)).toBe(true);
  });

  it('counts SIGKILL, SIGSEGV and ordinary exit codes as crashes', () => {
    expect(isShutdownBySignal(null, 'SIGKILL')).toBe(false);
    expect(isShutdownBySignal(null, 'SIGSEGV')).toBe(false);
    for (const code of [0, 1, 137]) expect(isShutdownBySignal(code, null)).toBe(false);
  });
});

describe('ManagedChild', () => {
  const lines: string[] = [];
  let child: ManagedChild | undefined;

  function sleeper() {
    // Ready as soon as it runs; it prints nothing and waits to be ended.
    child = new ManagedChild({ name: 'sleeper', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
    return child;
  }

  afterEach(async () => {
    await child?.stop('SIGKILL', 1000);
    child = undefined;
    lines.length = 0;
    vi.restoreAllMocks();
  });

  const captureLog = () =>
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });

  const exited = (managed: ManagedChild) =>
    new Promise<void>((resolve) => {
      const wait = () => (managed.pid ? setTimeout(wait, 10) : resolve());
      wait();
    });

  it('logs a Ctrl-C (SIGINT) as a stop, without "exited unexpectedly" or a restart', async () => {
    const managed = sleeper();
    await managed.start();
    captureLog();
    process.kill(managed.pid!, 'SIGINT');
    await exited(managed);
    await new Promise((resolve) => setTimeout(resolve, crashGraceMs + 400));
    expect(managed.restartCount).toBe(0);
    expect(managed.pid).toBeUndefined();
    expect(lines.join('')).toContain('stopped (SIGINT); not restarted');
    expect(lines.join('')).not.toContain('exited unexpectedly');
  });

  it('does not restart a child that exits while the supervisor shuts down', async () => {
    const managed = sleeper();
    await managed.start();
    captureLog();
    // A service that handles SIGINT itself and exits 0 (PostgreSQL does): the supervisor's own
    // SIGINT handler marks the children as stopping within the grace.
    process.kill(managed.pid!, 'SIGUSR2');
    managed.expectStop();
    await exited(managed);
    await new Promise((resolve) => setTimeout(resolve, crashGraceMs + 400));
    expect(managed.restartCount).toBe(0);
    expect(lines.join('')).not.toContain('exited unexpectedly');
  });

  it('still restarts a child that is killed (SIGKILL) and says so', async () => {
    const managed = sleeper();
    await managed.start();
    captureLog();
    const before = managed.pid!;
    const restarted = new Promise<void>((resolve) => managed.onRestarted(resolve));
    process.kill(before, 'SIGKILL');
    await restarted;
    expect(managed.restartCount).toBe(1);
    expect(managed.pid).not.toBe(before);
    expect(lines.join('')).toMatch(/exited unexpectedly \(code -, signal SIGKILL\); restart #1/);
  });
});
