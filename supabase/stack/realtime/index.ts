// The Realtime server as a supervised child process on a loopback port, behind the gateway at
// /realtime/v1 (HTTP and WebSocket upgrades). A process of its own keeps fan-out off the
// gateway's event loop, and a crash is a restart the supervisor reports, not a dead stack.
// WebSockets are handed over: once the gateway has checked the apikey, the client's socket
// itself goes to the child over IPC, so frames go from the fan-out straight to the client
// instead of being relayed byte for byte through the gateway (a second read and write per frame
// per subscriber, on the same cores). The loopback proxy remains for when that is not possible.
import net from 'node:net';
import { ManagedChild } from '../child.ts';
import { db, keys, ports } from '../config.ts';
import { nodeArgs } from '../prebuilt.ts';
import { upgradeProxy, type Mount } from '../gateway.ts';
import { forwardedHeaders } from '../http.ts';
import type { HandedUpgrade } from './handover.ts';

export async function realtimeReady() {
  const response = await fetch(`http://127.0.0.1:${ports.realtime}/api/health`).catch(() => undefined);
  return response?.status === 200;
}

export function realtimeChild() {
  return new ManagedChild({
    name: 'realtime',
    command: process.execPath,
    args: nodeArgs('realtime'),
    options: {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        REALTIME_PORT: String(ports.realtime),
        REALTIME_DB_URL: db.url,
        REALTIME_JWT_SECRET: keys.jwtSecret,
      },
    },
    healthy: realtimeReady,
    startTimeoutMs: 60_000,
  });
}

/** The gateway's upgrade handler for /realtime/v1: hand the socket to the child, else proxy. */
export function realtimeUpgrade(child: ManagedChild): NonNullable<Mount['upgrade']> {
  const proxy = upgradeProxy(ports.realtime);
  return (req, socket, head) => {
    if (!(socket instanceof net.Socket)) return proxy(req, socket, head);
    const message: HandedUpgrade = {
      upgrade: { method: req.method ?? 'GET', url: req.url ?? '/', headers: { ...req.headers, ...forwardedHeaders(req) }, head: head.toString('base64') },
    };
    // Stop reading here first: a byte the gateway read after the child took over (the client
    // answers the 101 at once) would be lost. A proxied socket reads again once piped.
    (socket as unknown as { _handle?: { readStop?(): number } })._handle?.readStop?.();
    const sent = child.handOver(message, socket, (error) => {
      // The child went away meanwhile; realtime-js reconnects, to the restarted child.
      if (error) socket.destroy();
    });
    if (!sent) proxy(req, socket, head);
  };
}
