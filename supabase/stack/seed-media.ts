// The seed's images live in storage, which is an HTTP service: once the stack answers, a
// one-shot child process (`supabase/seed/upload.ts`, also `pnpm seed:upload`) renders them and
// uploads them through the storage API. It returns at once when they are already stored, so it
// runs on every start; a fresh or reset database gets its images back without anyone asking.
// A child, so rendering never holds up the gateway's event loop; it exits when the stack's IPC
// channel closes, so a killed stack leaves no uploader behind.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { log } from './log.ts';

const script = fileURLToPath(new URL('../seed/upload.ts', import.meta.url));

export function uploadSeedMediaInBackground(): { close(): Promise<void> } {
  let child: ChildProcess | undefined = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Background work: it yields the cores to the services, which are answering their first
  // requests while it runs.
  try {
    if (child.pid) os.setPriority(child.pid, 10);
  } catch {
    // Not allowed here (some containers): it runs at normal priority.
  }
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log('seed', line);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  child.on('exit', (code, signal) => {
    if (code) log('seed', `uploading the seed images failed (exit ${code})`);
    else if (signal && child) log('seed', `image upload stopped (${signal})`);
    child = undefined;
  });
  return {
    async close() {
      const running = child;
      if (!running) return;
      child = undefined;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}
