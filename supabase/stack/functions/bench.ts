// Edge function latency against a running stack: the first invoke of `health` (cold when the
// stack has just started: the worker boots) and warm p50/p95 over sequential keep-alive invokes,
// with the headers supabase-js's functions.invoke() sends.
// Standalone: `node --import tsx supabase/stack/functions/bench.ts` (the stack's URL and anon key from config.ts).
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { benchSize } from '@podium/shared/bench';

const SAMPLES = benchSize(200, 3);

export async function benchFunctions(opts: { api: string; anonKey: string }): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${opts.api}/functions/v1/health`;
  const headers = {
    authorization: `Bearer ${opts.anonKey}`,
    apikey: opts.anonKey,
    'x-client-info': 'podium-bench',
    'content-type': 'application/json',
  };
  const invoke = () =>
    new Promise<number>((resolve, reject) => {
      const began = performance.now();
      const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - began) : reject(new Error(`health answered ${response.statusCode}`))));
      });
      request.on('error', reject);
      request.end('{}');
    });

  const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  const first = await invoke();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push(await invoke());
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  agent.destroy();
  console.log(`\nedge function \`health\` via /functions/v1 (verify_jwt, Deno worker):`);
  console.log(`  first invoke (cold if the stack just started): ${fmt(first)}`);
  console.log(`  warm, ${SAMPLES} sequential: p50 ${fmt(at(50))}  p95 ${fmt(at(95))}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { keys, urls } = await import('../config.ts');
  await benchFunctions({ api: urls.api, anonKey: keys.anon });
}
