// A second runtime of the product's edge functions behind its own gateway, whose MOLLIE_API_URL
// points at a closed port: how the functions behave when Mollie cannot be reached.
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { localFunctionsOptions } from '../stack/functions/local.ts';
import { createFunctionsService } from '../stack/functions/service.ts';
import { createGateway } from '../stack/gateway.ts';

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `work` with the base URL (`http://127.0.0.1:<port>`) of functions that cannot reach Mollie. */
export async function withMollieUnreachable<T>(work: (apiUrl: string) => Promise<T>): Promise<T> {
  const closed = await freePort();
  const service = createFunctionsService(localFunctionsOptions({ port: await freePort(), localSecrets: { MOLLIE_API_URL: `http://127.0.0.1:${closed}/v2` } }));
  await service.child.start();
  const gateway: Server = createGateway([{ prefix: '/functions/v1', target: service.handle, isOpen: () => true }]);
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
  } finally {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
    await service.close();
  }
}
