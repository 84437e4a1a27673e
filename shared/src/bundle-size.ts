// What a browser downloads of a Vite build (Node only: benches and tests read dist/ with it). A
// page's initial JavaScript is its manifest entries and everything they import statically (what
// the HTML preloads or the entry imports on start), gzip level 9 as a CDN serves it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

const measure = (dist: string, file: string): JsFile => {
  const content = readFileSync(path.join(dist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
};

/** The JavaScript loaded for a first page: the given manifest keys (e.g. 'index.html', 'src/login/LoginScreen.tsx') and their static imports. */
export function initialJavaScript(dist: string, keys: string[]): { gzipBytes: number; files: JsFile[] } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const needed = new Set<string>();
  // A module imported both dynamically and statically becomes a shared chunk ('_LoginScreen-….js').
  const named = (key: string) => Object.values(manifest).find((chunk) => chunk.name === path.basename(key, path.extname(key)));
  const visit = (key: string) => {
    const chunk = manifest[key] ?? (key.startsWith('src/') ? named(key) : undefined);
    if (!chunk) throw new Error(`${key} is not in ${dist}/.vite/manifest.json`);
    if (needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const files = [...needed].filter((file) => file.endsWith('.js')).map((file) => measure(dist, file));
  return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files: files.sort((a, b) => b.gzipBytes - a.gzipBytes) };
}

/** Every JavaScript chunk of a build, largest first. */
export function javaScriptChunks(dist: string): JsFile[] {
  return readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => measure(dist, `assets/${file}`))
    .sort((a, b) => b.bytes - a.bytes);
}

/** Vite's warning limit: no chunk above 500 kB after minification. */
export const chunkWarningBytes = 500 * 1000;

/** The first pages of the back office and the artist portal: what a browser loads to show them. */
export const firstPages = {
  backoffice: { path: '/admin/login', keys: ['index.html', 'src/login/LoginScreen.tsx'], targetGzipBytes: 250 * 1024 },
  // A guest's first page: supabase-js loads only for a stored session (artist-portal/src/app/session.ts).
  'artist-portal': {
    path: '/dashboard/artist',
    keys: ['index.html'],
    targetGzipBytes: 120 * 1024,
    // An approved artist's /dashboard/artist: the dashboard's chunk (Chakra, react-query, the
    // overview) and supabase-js, loaded for a stored session (target 250 KB).
    signedIn: { keys: ['index.html', 'src/dashboard/DashboardPage.tsx', 'src/app/services.ts'], targetGzipBytes: 250 * 1024 },
  },
} as const;
