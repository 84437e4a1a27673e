// The visitors of the load bench, driven by autocannon in a process of their own (so its sockets
// do not share an event loop with the signed-in people's clocks): each connection is one person
// at about `rate` requests a second, on the home page, the list with filters, text search,
// artist pages and their images, as the storefront asks for them. Started by bench.ts with
// fork(); it answers every request's time per kind, and every error, over IPC.
// autocannon paces a connection by a one-second timer started with it, so connections started
// together send in step: all visitors at the same instant, every second, which no crowd of
// people does. Each kind's visitors are therefore split into groups started at random moments
// within the first second, and only responses inside the measured window (after a warm-up) count.
import autocannon from 'autocannon';

export interface BrowseOptions {
  /** Epoch milliseconds: responses count from `from` to `until` (the warm-up runs before). */
  window: { from: number; until: number };
  web: string;
  api: string;
  anonKey: string;
  /** Requests a second of each connection (one person). */
  rate: number;
  slugs: string[];
  /** Image request paths, as the storefront's imageUrl() makes them (presets per device). */
  images: string[];
  searchWords: string[];
  categories: string[];
  placeIds: number[];
  people: Record<BrowseKind, number>;
}

export const browseKinds = ['home page (HTML)', 'home: featured artists', 'list with filters', 'text search', 'artist page', 'image'] as const;
export type BrowseKind = (typeof browseKinds)[number];

export interface BrowseResult {
  latencies: Record<string, number[]>;
  errors: Record<string, string[]>;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

const profileColumns = 'id,slug,name,genre,city,categories,bio,base_price_cents,travel_radius_km,avatar_path,cover_path,website_url,instagram_handle,rating_avg,review_count';

type Request = autocannon.Request;

function requestsFor(kind: BrowseKind, options: BrowseOptions): { url: string; requests: Request[] } {
  const rpc = (args: () => Record<string, unknown>): Request => ({
    method: 'POST',
    path: '/rest/v1/rpc/search_artists',
    setupRequest: (request) => ({ ...request, body: JSON.stringify(args()) }),
  });
  switch (kind) {
    case 'home page (HTML)':
      return { url: options.web, requests: [{ method: 'GET', path: '/' }] };
    case 'home: featured artists':
      return { url: options.api, requests: [rpc(() => ({ sort: 'priority', page: 1, page_size: 8 }))] };
    case 'list with filters':
      return {
        url: options.api,
        requests: [
          rpc(() => {
            const day = new Date(Date.now() + (20 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);
            const filters: Record<string, unknown>[] = [
              { category: pick(options.categories) },
              { category: pick(options.categories), max_price_cents: pick([150_000, 250_000, 400_000]) },
              { place_id: pick(options.placeIds), radius_km: pick([25, 50]), sort: 'distance' },
              { category: pick(options.categories), available_on: day },
              { min_rating: 4, sort: 'rating' },
            ];
            return { ...pick(filters), page: 1 + Math.floor(Math.random() * 2), page_size: 24 };
          }),
        ],
      };
    case 'text search':
      return { url: options.api, requests: [rpc(() => ({ query: pick(options.searchWords), page_size: 24 }))] };
    case 'artist page': {
      const slug = () => encodeURIComponent(pick(options.slugs));
      return {
        url: options.api,
        requests: [
          {
            method: 'GET',
            path: '/rest/v1/artists',
            setupRequest: (request) => ({ ...request, path: `/rest/v1/artists?select=${profileColumns}&slug=eq.${slug()}&approval_status=eq.approved&deleted_at=is.null` }),
          },
          {
            method: 'GET',
            path: '/rest/v1/artist_rating_distribution',
            setupRequest: (request) => ({ ...request, path: `/rest/v1/artist_rating_distribution?select=rating,review_count&artist_slug=eq.${slug()}` }),
          },
        ],
      };
    }
    case 'image':
      return {
        url: options.api,
        requests: [
          {
            method: 'GET',
            path: '/',
            setupRequest: (request) => ({ ...request, path: pick(options.images) }),
          },
        ],
      };
  }
}

/** Groups of at most this many visitors share one autocannon instance (one pacing timer). */
const groupSize = 3;

export async function browse(options: BrowseOptions): Promise<BrowseResult> {
  const latencies: Record<string, number[]> = {};
  const errors: Record<string, string[]> = {};
  const inWindow = () => {
    const now = Date.now();
    return now >= options.window.from && now <= options.window.until;
  };
  const runs = browseKinds.flatMap((kind) => {
    const times: number[] = (latencies[kind] = []);
    const failed: string[] = (errors[kind] = []);
    const groups = Array.from({ length: Math.ceil(options.people[kind] / groupSize) }, (_, i) => Math.min(groupSize, options.people[kind] - i * groupSize));
    return groups.map(async (connections) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
      const { url, requests } = requestsFor(kind, options);
      const instance = autocannon({
        url,
        connections,
        connectionRate: options.rate,
        // At least a second: on a machine too busy to start this process before the window closed, the
        // requests still go (and count for nothing) instead of autocannon refusing a negative duration.
        duration: Math.max(1, Math.ceil((options.window.until - Date.now()) / 1000)),
        timeout: 10,
        headers: { apikey: options.anonKey, 'content-type': 'application/json' },
        requests,
      });
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (!inWindow()) return;
        if (statusCode >= 400) failed.push(`HTTP ${statusCode}`);
        else times.push(responseTime);
      });
      instance.on('reqError', (error) => {
        if (inWindow()) failed.push(error.message);
      });
      await instance;
    });
  });
  await Promise.all(runs);
  return { latencies, errors };
}

if (process.send) {
  // Ready before the window is set: on a busy machine starting this process (tsx, autocannon) can
  // take longer than the warm-up, and a window that closed before the first request measures nothing.
  process.send({ ready: true });
  process.once('message', (options: BrowseOptions) => {
    void browse(options).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
    );
  });
}
