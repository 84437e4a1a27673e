import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWeb, type WebServer } from './web.ts';

// `dev` mode for real: the three Vite dev servers (on ports offset from the defaults, so a
// running `pnpm dev` is left alone) behind one port, with the HMR WebSocket proxied.
describe('web server in dev mode', () => {
  let web: WebServer;
  const url = (path: string) => `http://127.0.0.1:${web.port}${path}`;

  beforeAll(async () => {
    web = await startWeb({ mode: 'dev', port: 0, devPortOffset: 1100 });
  }, 90_000);

  afterAll(async () => {
    await web?.close();
  });

  it.each([
    ['/', '/@vite/client'],
    ['/artists', '/@vite/client'],
    ['/admin', '/admin/@vite/client'],
    ['/admin/approvals', '/admin/@vite/client'],
    ['/dashboard/artist', '/_portal/@vite/client'],
    ['/artist-onboarding', '/_portal/@vite/client'],
  ])('%s is served by its app’s dev server (%s)', async (path, client) => {
    const response = await fetch(url(path));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`src="${client}"`);
  });

  it('serves modules transformed on the fly', async () => {
    const response = await fetch(url('/src/main.tsx'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('proxies the HMR WebSocket: the Vite client gets its "connected" message through :3000', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${web.port}/`, 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ type: 'connected' });
  });
});
