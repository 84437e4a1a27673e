// The Realtime server as a supervised child process on a loopback port, behind the gateway at
// /realtime/v1 (HTTP and WebSocket upgrades). A process of its own keeps fan-out off the
// gateway's event loop, and a crash is a restart the supervisor reports, not a dead stack.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ManagedChild } from '../child.ts';
import { db, keys, ports } from '../config.ts';

export async function realtimeReady() {
  const response = await fetch(`http://127.0.0.1:${ports.realtime}/api/health`).catch(() => undefined);
  return response?.status === 200;
}

export function realtimeChild() {
  return new ManagedChild({
    name: 'realtime',
    command: process.execPath,
    args: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, fileURLToPath(new URL('./main.ts', import.meta.url))],
    options: {
      env: {
        ...process.env,
        REALTIME_PORT: String(ports.realtime),
        REALTIME_DB_URL: db.url,
        REALTIME_JWT_SECRET: keys.jwtSecret,
      },
    },
    healthy: realtimeReady,
    startTimeoutMs: 20_000,
  });
}
