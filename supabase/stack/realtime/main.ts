// Entry point of the Realtime child process the stack supervises (see index.ts). Settings come
// from the environment: REALTIME_PORT, REALTIME_DB_URL, REALTIME_JWT_SECRET.
import net from 'node:net';
import pg from 'pg';
import { log } from '../log.ts';
import { isHandedUpgrade } from './handover.ts';
import { createRealtimeServer } from './server.ts';

const port = Number(process.env.REALTIME_PORT);
const dbUrl = process.env.REALTIME_DB_URL ?? '';
const jwtSecret = process.env.REALTIME_JWT_SECRET ?? '';
if (!port || !dbUrl || !jwtSecret) throw new Error('REALTIME_PORT, REALTIME_DB_URL and REALTIME_JWT_SECRET are required');

const pool = new pg.Pool({ connectionString: dbUrl, max: 4, application_name: 'podium_realtime_auth' });
pool.on('error', (error) => log('realtime', `idle client error: ${error.message}`));
const realtime = createRealtimeServer({ pool, dbUrl, jwtSecret });
realtime.server.listen(port, '127.0.0.1', () => log('realtime', `listening on 127.0.0.1:${port}`));

// Sockets the gateway hands over (see index.ts), already past its apikey check.
process.on('message', (message, handle) => {
  if (isHandedUpgrade(message) && handle instanceof net.Socket) realtime.upgrade(message.upgrade, handle, Buffer.from(message.upgrade.head, 'base64'));
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void realtime
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The IPC channel closes when the stack process is gone: go with it.
process.on('disconnect', stop);
process.on('uncaughtException', (error) => log('realtime', `uncaught exception: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => log('realtime', `unhandled rejection: ${String(error)}`));
