// Boots one function inside its own Web Worker, as edge-runtime's user workers do. The function
// calls `Deno.serve(handler)` at top level, as on Supabase; here that call is captured and
// served on a loopback port of the worker's own, which main.ts forwards requests to, and on a
// Unix socket named after the function, which the gateway sends requests to straight away (a
// hop fewer; main.ts removes the socket when it retires the worker).
/// <reference lib="deno.worker" />

interface BootMessage {
  name: string;
  entrypoint: string;
  /** Where the function also listens for the gateway, if anywhere. */
  socketPath?: string;
}

type ServeHandler = Deno.ServeHandler;
type ServeOptions = Partial<Deno.ServeTcpOptions> & { handler?: ServeHandler };

const REQUEST_URL_HEADER = 'x-podium-request-url';

const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };

self.onmessage = async ({ data }: MessageEvent<BootMessage>) => {
  const { name, entrypoint, socketPath } = data;
  self.onmessage = null;

  // Log lines say which function wrote them.
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => write(`${name}:`, ...args);
  }

  // Supabase's EdgeRuntime.waitUntil: background work after the response. This worker outlives
  // the request anyway, so the promise only needs its failure reported.
  Object.defineProperty(globalThis, 'EdgeRuntime', {
    value: { waitUntil: (promise: Promise<unknown>) => void Promise.resolve(promise).catch((error) => console.error(error)) },
  });

  const serve = Deno.serve.bind(Deno);
  let served = false;
  const capture = (first: ServeHandler | ServeOptions, second?: ServeHandler) => {
    if (served) throw new Error('Deno.serve may be called once per function');
    served = true;
    const options: ServeOptions = typeof first === 'function' ? {} : first;
    const handler = typeof first === 'function' ? first : (second ?? first.handler);
    if (!handler) throw new TypeError('Deno.serve needs a handler');
    // The function sees the URL the client asked for (gateway host, path /<name>/...), not this
    // worker's loopback port: main.ts sends it in a header (fetch() sets Host to the port); a
    // request on the socket kept the client's Host, and only the scheme Deno gives it changes.
    const asRequested: ServeHandler = (req, info) => {
      const forwarded = req.headers.get(REQUEST_URL_HEADER);
      if (!forwarded && !req.url.startsWith('http+unix:')) return handler(req, info);
      const url = forwarded ?? `http:${req.url.slice('http+unix:'.length)}`;
      const request = new Request(url, req);
      request.headers.delete(REQUEST_URL_HEADER);
      request.headers.set('host', new URL(url).host);
      return handler(request, info);
    };
    // A handler that throws answers 500 with Supabase's body; the worker keeps serving.
    const onError =
      options.onError ??
      ((error: unknown) => {
        console.error(error);
        return Response.json(WORKER_ERROR, { status: 500 });
      });
    const onSocket = new Promise<void>((resolve) => {
      if (!socketPath) return resolve();
      try {
        Deno.removeSync(socketPath); // left by a worker that ended without main.ts seeing it
      } catch {
        // none there
      }
      serve({ path: socketPath, onListen: () => resolve(), onError }, asRequested);
    });
    return serve(
      {
        port: 0,
        hostname: '127.0.0.1',
        onListen: ({ port }) => void onSocket.then(() => self.postMessage({ type: 'listening', port })),
        onError,
      },
      asRequested,
    );
  };
  (Deno as unknown as { serve: typeof capture }).serve = capture;

  try {
    await import(entrypoint);
  } catch (error) {
    console.error(error);
    self.postMessage({ type: 'boot-error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (!served) self.postMessage({ type: 'boot-error', message: `${name} did not call Deno.serve` });
};
