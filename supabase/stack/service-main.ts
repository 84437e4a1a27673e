// Entry point of the auth, payments and mail child processes (see service-process.ts):
// `service-main.ts <auth|payments|mail> <start|dev>`. Auth and payments answer on their own
// loopback ports what the gateway forwards to them: the mount prefix is already
// removed and the x-forwarded-* headers say how the client reached the gateway. CORS headers are
// added here, as the gateway adds them for its in-process services.
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { db, mollie, paths, ports } from './config.ts';
import { CORS } from './gateway.ts';
import { sendJson } from './http.ts';
import { log } from './log.ts';
import type { ServiceProcessName } from './service-process.ts';
import type { MountedService } from './services.ts';

const name = process.argv[2] as ServiceProcessName;

function serve(service: MountedService, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.headers.origin) for (const [header, value] of Object.entries(CORS)) res.setHeader(header, value);
    Promise.resolve()
      .then(() => service.handle(req, res))
      .catch((error: Error) => {
        log(name, `${req.method} ${req.url} failed: ${error.stack ?? error.message}`);
        if (!res.headersSent) sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' });
        else res.destroy();
      });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function start(): Promise<() => Promise<void>> {
  // Each process loads the code of its own service only: three of them boot at once.
  if (name === 'mail') {
    const { startMailCatcher } = await import('./mail/index.ts');
    const mail = await startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.mail, dataDir: paths.data });
    return () => mail.close();
  }
  const pool = new pg.Pool({ connectionString: db.url, max: name === 'auth' ? 10 : 4, application_name: `podium_${name}` });
  pool.on('error', (error) => log(name, `idle client error: ${error.message}`));
  const service =
    name === 'auth' ? (await import('./auth/index.ts')).createAuthService({ pool }) : (await import('./payments/index.ts')).createPaymentsService({ pool }, { prefix: '/mollie', ...mollie });
  const server = await serve(service, name === 'auth' ? ports.auth : ports.payments);
  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await service.close();
    await pool.end();
  };
}

if (!['auth', 'payments', 'mail'].includes(name)) throw new Error(`unknown service ${name}: auth, payments or mail`);
// Spawned before what it needs was there (ChildSpec.hold): its code is loaded, it starts on the word.
if (process.env.PODIUM_SERVICE_HOLD === '1') {
  await new Promise<void>((resolve) => {
    const go = (message: unknown) => {
      if ((message as { type?: string } | null)?.type !== 'go') return;
      process.off('message', go);
      resolve();
    };
    process.on('message', go);
  });
}
const close = await start();
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void close()
    .catch((error: Error) => log(name, error.message))
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The IPC channel closes when the stack process is gone: go with it.
process.on('disconnect', stop);
process.on('uncaughtException', (error) => log(name, `uncaught exception: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => log(name, `unhandled rejection: ${String(error)}`));
