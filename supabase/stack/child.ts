// A supervised child process: started, health-checked, restarted when it dies unexpectedly,
// and stopped on request. Every restart is reported, so a crash never goes unnoticed.
import { spawn, type ChildProcess, type Serializable, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { log } from './log.ts';

/**
 * Whether a process runs. A zombie (dead, not yet reaped, as happens to orphans where PID 1
 * does not reap) counts as dead, although signal 0 still reaches it.
 */
export function isRunning(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Signals that end a process on purpose: Ctrl-C in a terminal reaches the whole foreground
 * process group (SIGINT), a closed terminal sends SIGHUP, `kill` and service managers SIGTERM.
 * A child that exits by one of them (or with the shells' 128 + n code for it) was shut down, not
 * crashed; SIGKILL and SIGSEGV and the like stay crashes and are restarted.
 */
const shutdownSignals: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** Whether an exit was a shutdown by signal rather than a crash. */
export function isShutdownBySignal(code: number | null, signal: NodeJS.Signals | null): boolean {
  if (signal) return signal in shutdownSignals;
  return code !== null && Object.values(shutdownSignals).some((number) => code === 128 + number);
}

/**
 * How long an exit with an ordinary code waits before it counts as a crash: the signal that made
 * a service shut down cleanly (PostgreSQL exits 0 on SIGINT) reached the supervisor too, whose
 * shutdown then marks every child as stopping.
 */
export const crashGraceMs = 150;

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
  /** Resolves true once the process answers; polled after every (re)start. */
  healthy?: () => Promise<boolean>;
  /** How long to wait for `healthy` before the start counts as failed. */
  startTimeoutMs?: number;
  /** Where its output lines go; the stack log by default. */
  output?: (line: string) => void;
  /**
   * What the process needs before it may serve, when that is not there at spawn: it loads its
   * code meanwhile, gets `{ type: 'go' }` over IPC once this resolves (at once after a restart),
   * and the health deadline counts from then.
   */
  hold?: Promise<unknown>;
}

export class ManagedChild {
  private process: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartListeners: Array<() => void> = [];
  /** When the last `start` spawned the process and when it first answered healthy (performance.now()). */
  readonly startTimes: { spawnedAt?: number; healthyAt?: number } = {};

  constructor(readonly spec: ChildSpec) {}

  get pid() {
    return this.process?.pid;
  }

  get restartCount() {
    return this.restarts;
  }

  /** Called after each automatic restart, once the new process is healthy. */
  onRestarted(listener: () => void) {
    this.restartListeners.push(listener);
  }

  /**
   * Sends a message with a socket over the IPC channel (a child spawned with 'ipc' in its stdio).
   * False when there is no channel; `done` reports whether the socket arrived.
   */
  handOver(message: Serializable, socket: Socket, done: (error: Error | null) => void): boolean {
    const child = this.process;
    if (!child?.connected) return false;
    child.send(message, socket, {}, done);
    return true;
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.startTimes.spawnedAt = performance.now();
    this.spawnProcess();
    await this.waitHealthy();
    this.startTimes.healthyAt = performance.now();
  }

  private spawnProcess() {
    const { name, command, args, options, output = (line: string) => log(name, line) } = this.spec;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    this.process = child;
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output(line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.on('error', (error) => log(name, `failed to start: ${error.message}`));
    this.spec.hold?.then(
      () => {
        if (this.process === child && child.connected) child.send({ type: 'go' });
      },
      () => {},
    );
    child.on('exit', (code, signal) => {
      if (this.process !== child) return;
      this.process = undefined;
      if (this.stopping) return;
      if (isShutdownBySignal(code, signal)) {
        log(name, `stopped (${signal ?? `code ${code}`}); not restarted`);
        return;
      }
      this.restartTimer = setTimeout(() => this.crashed(code, signal), crashGraceMs);
    });
  }

  private crashed(code: number | null, signal: NodeJS.Signals | null) {
    const { name } = this.spec;
    this.restartTimer = undefined;
    if (this.stopping) return;
    this.restarts += 1;
    const delay = Math.min(250 * 2 ** Math.min(this.restarts - 1, 5), 5000);
    log(name, `exited unexpectedly (code ${code ?? '-'}, signal ${signal ?? '-'}); restart #${this.restarts} in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.spawnProcess();
      this.waitHealthy().then(
        () => {
          log(name, `restarted (pid ${this.pid})`);
          for (const listener of this.restartListeners) listener();
        },
        (error: Error) => log(name, error.message),
      );
    }, delay);
  }

  /** The supervisor is shutting down: an exit from now on is expected, also one before `stop`. */
  expectStop() {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
  }

  private async waitHealthy() {
    const { healthy, name, startTimeoutMs = 15_000, hold } = this.spec;
    if (!healthy) return;
    await hold;
    const deadline = Date.now() + startTimeoutMs;
    let wait = 10;
    while (Date.now() < deadline) {
      if (!this.process) throw new Error(`${name} exited before it became healthy`);
      if (await healthy().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 100);
    }
    throw new Error(`${name} did not become healthy within ${startTimeoutMs} ms`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
  }
}
