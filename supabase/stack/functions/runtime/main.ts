// The functions runtime's main service, run by Deno (never by Node): the role edge-runtime's
// main worker plays on Supabase. Every function runs in a Web Worker of its own (its own V8
// isolate, module graph and globals), booted on its first request and kept warm after. The Node
// side (../service.ts) has already routed the request here, checked the function exists and
// enforced verify_jwt; this process only boots workers and forwards requests to them.
//
// Internal endpoints: GET /_internal/health, POST /_internal/reload {env} (new secrets; every
// worker retires, so the next request boots the current code).

interface RuntimeConfig {
  port: number;
  functionsDir: string;
  /** A folder for the workers' Unix sockets (`<name>.sock`), which the gateway sends requests to directly. */
  socketDir?: string;
  /** Variables only Deno itself needs (DENO_DIR, NO_COLOR, HOME); removed before any function sees the environment. */
  internalEnv: string[];
}

type WorkerMessage = { type: 'listening'; port: number } | { type: 'boot-error'; message: string };

const config = JSON.parse(Deno.args[0] ?? '{}') as RuntimeConfig;
// Deno sets PATH and DENO_NODE_SHIM_ACTIVE for itself; like edge-runtime, functions get neither.
for (const name of [...config.internalEnv, 'PATH', 'DENO_NODE_SHIM_ACTIVE']) Deno.env.delete(name);

// Supabase's own error bodies (edge-runtime / `supabase functions serve`).
const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' };
const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };
const BOOT_TIMEOUT_MS = 60_000;
const REQUEST_URL_HEADER = 'x-podium-request-url';

interface FunctionWorker {
  worker: Worker;
  /** The loopback port the function's Deno.serve listens on, once booted. */
  ready: Promise<number>;
  dead: boolean;
}

const workers = new Map<string, FunctionWorker>();

const socketOf = (name: string) => (config.socketDir ? `${config.socketDir}/${name}.sock` : undefined);

function retire(name: string, entry: FunctionWorker) {
  entry.dead = true;
  entry.worker.terminate();
  if (workers.get(name) !== entry) return;
  workers.delete(name);
  // Gone with the worker, so the gateway's next request for it comes here and boots a fresh one.
  const socket = socketOf(name);
  try {
    if (socket) Deno.removeSync(socket);
  } catch {
    // never listened
  }
}

function boot(name: string): FunctionWorker {
  const began = performance.now();
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
  const entry: FunctionWorker = { worker, ready: Promise.resolve(0), dead: false };
  entry.ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not call Deno.serve within ${BOOT_TIMEOUT_MS} ms`));
      retire(name, entry);
    }, BOOT_TIMEOUT_MS);
    worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
      clearTimeout(timer);
      if (data.type === 'listening') {
        console.log(`${name}: booted in ${Math.round(performance.now() - began)} ms`);
        resolve(data.port);
      } else {
        reject(new Error(data.message));
        retire(name, entry);
      }
    };
    // An error nothing caught (a throw in a timer, an unhandled rejection) ends the worker, as on
    // Supabase; the next request boots a fresh one. Without preventDefault it would end this process.
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      clearTimeout(timer);
      console.error(`${name}: worker ended by an uncaught error (${event.message}); the next request boots a fresh one`);
      reject(new Error(event.message));
      retire(name, entry);
    };
  });
  entry.ready.catch(() => {});
  const entrypoint = new URL(`file://${config.functionsDir}/${name}/index.ts`).href;
  worker.postMessage({ name, entrypoint, socketPath: socketOf(name) });
  workers.set(name, entry);
  return entry;
}

function applyEnv(env: Record<string, string>) {
  for (const name of Object.keys(Deno.env.toObject())) if (!(name in env)) Deno.env.delete(name);
  for (const [name, value] of Object.entries(env)) Deno.env.set(name, value);
}

async function forward(name: string, req: Request, url: URL, retry = true): Promise<Response> {
  const entry = workers.get(name) ?? boot(name);
  let port: number;
  try {
    port = await entry.ready;
  } catch (error) {
    console.error(`${name}: boot failed: ${(error as Error).message}`);
    return Response.json(BOOT_ERROR, { status: 503 });
  }
  const headers = new Headers(req.headers);
  // Compression, if any, happens once, on this server's response.
  headers.delete('accept-encoding');
  // fetch() sets Host to the worker's port; the worker restores the URL the client asked for.
  headers.set(REQUEST_URL_HEADER, req.url);
  try {
    return await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      body: req.body,
      redirect: 'manual',
      signal: req.signal,
    });
  } catch (error) {
    if (req.signal.aborted) return new Response(null, { status: 499 });
    if (!entry.dead) retire(name, entry);
    // The worker died before it answered (an uncaught error a moment ago). A request without a
    // body is safe to hand to a fresh worker; one whose body has been read is not.
    if (retry && req.body === null) return forward(name, req, url, false);
    console.error(`${name}: no response: ${(error as Error).message}`);
    return Response.json(WORKER_ERROR, { status: 500 });
  }
}

Deno.serve(
  {
    port: config.port,
    hostname: '127.0.0.1',
    onListen: () => console.log(`runtime listening on 127.0.0.1:${config.port} (Deno ${Deno.version.deno})`),
  },
  async (req) => {
    const url = new URL(req.url);
    if (url.pathname === '/_internal/health') return Response.json({ message: 'ok' });
    if (url.pathname === '/_internal/reload' && req.method === 'POST') {
      const { env } = (await req.json()) as { env: Record<string, string> };
      applyEnv(env);
      const retired = [...workers.keys()];
      for (const [name, entry] of workers) retire(name, entry);
      return Response.json({ retired });
    }
    const name = url.pathname.split('/')[1] ?? '';
    return forward(name, req, url);
  },
);
