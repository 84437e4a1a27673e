// The IPC message with which the gateway hands a WebSocket's socket to the realtime child (see
// index.ts): the upgrade request as the gateway read it, and the bytes it read after the head.
import type { IncomingMessage } from 'node:http';

export interface HandedUpgrade {
  upgrade: { method: string; url: string; headers: IncomingMessage['headers']; head: string };
}

export function isHandedUpgrade(message: unknown): message is HandedUpgrade {
  const upgrade = (message as Partial<HandedUpgrade> | null)?.upgrade;
  return typeof upgrade === 'object' && upgrade !== null && typeof upgrade.url === 'string' && typeof upgrade.head === 'string';
}
