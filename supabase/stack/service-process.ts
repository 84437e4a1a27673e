// Auth, the payments sandbox and the mail catcher as supervised child processes, as GoTrue, a
// Mollie sandbox and Mailpit are separate services in a real deployment: each is restarted by
// the supervisor when it dies (restarts counted in stack.json), and a crash in one takes neither
// the gateway nor the others down. Auth and payments listen on loopback ports of their own
// behind the gateway; the catcher on its SMTP and web ports, as before. The process itself is
// service-main.ts; its settings come from the stack's own config (the same environment).
import { ManagedChild } from './child.ts';
import { ports, urls } from './config.ts';
import { nodeArgs } from './prebuilt.ts';

export type ServiceProcessName = 'auth' | 'payments' | 'mail';

/** Where each one answers its health check. */
export const serviceHealthUrls: Record<ServiceProcessName, () => string> = {
  auth: () => `http://127.0.0.1:${ports.auth}/health`,
  payments: () => `http://127.0.0.1:${ports.payments}/health`,
  mail: () => `${urls.mail}/health`,
};

async function answers(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
  await response?.body?.cancel();
  return response?.ok === true;
}

/** `hold`: see ChildSpec; the process waits for it before it serves (service-main.ts). */
export function serviceChild(name: ServiceProcessName, mode: 'start' | 'dev', hold?: Promise<unknown>) {
  return new ManagedChild({
    name,
    command: process.execPath,
    args: [...nodeArgs('service'), name, mode],
    // The IPC channel tells the child when the stack is gone (see service-main.ts).
    options: { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: hold ? { ...process.env, PODIUM_SERVICE_HOLD: '1' } : process.env },
    hold,
    healthy: () => answers(serviceHealthUrls[name]()),
    startTimeoutMs: 60_000,
    // Its lines are already the stack log's `time service | message`.
    output: (line) => process.stdout.write(`${line}\n`),
  });
}
