// GET/POST /functions/v1/health: answers when the edge functions are deployed and booting, for
// uptime checks (send the anon key, as every invoke does) and the local stack's benchmark.
Deno.serve(
  () =>
    new Response(JSON.stringify({ status: 'ok' }), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    }),
);
