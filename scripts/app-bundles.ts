// `npm run bench`, bundle figures of the back office and the artist portal: each is built into a
// temporary folder (the user's dist/ stays as it is) and measured as a browser loads it: the
// JavaScript of the first page (/admin/login, /dashboard/artist for a guest and for a signed-in
// artist; gzip level 9), the largest
// chunk and the whole build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordFigure } from '../shared/src/bench.ts';
import { chunkWarningBytes, firstPages, initialJavaScript, javaScriptChunks } from '../shared/src/bundle-size.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [app, page] of Object.entries(firstPages)) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), `podium-bundle-${app}-`));
  try {
    const vite = path.join(root, app, 'node_modules', '.bin', 'vite');
    const build = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: path.join(root, app), encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`${app} build failed:\n${build.stdout}${build.stderr}`);
    const first = initialJavaScript(outDir, [...page.keys]);
    const chunks = javaScriptChunks(outDir);
    const largest = chunks[0]!;
    const total = chunks.reduce((sum, chunk) => ({ bytes: sum.bytes + chunk.bytes, gzip: sum.gzip + chunk.gzipBytes }), { bytes: 0, gzip: 0 });
    const target = 'targetGzipBytes' in page ? ` (target ≤ ${kb(page.targetGzipBytes)})` : '';
    console.log(`${app}:`);
    console.log(`  first page ${page.path}: ${kb(first.gzipBytes)} gzip in ${first.files.length} files${target}`);
    if (first.files.length === 0) throw new Error(`${app}: the build has no JavaScript for ${page.path}`);
    recordFigure({
      part: 'bundles',
      figure: `${app} first page ${page.path} (gzip)`,
      value: first.gzipBytes / 1024,
      unit: 'KB',
      target: 'targetGzipBytes' in page ? page.targetGzipBytes / 1024 : undefined,
    });
    if ('signedIn' in page) {
      const signedIn = initialJavaScript(outDir, [...page.signedIn.keys]);
      console.log(`  ${page.path} signed in: ${kb(signedIn.gzipBytes)} gzip in ${signedIn.files.length} files (target ≤ ${kb(page.signedIn.targetGzipBytes)})`);
      recordFigure({ part: 'bundles', figure: `${app} ${page.path} signed in (gzip)`, value: signedIn.gzipBytes / 1024, unit: 'KB', target: page.signedIn.targetGzipBytes / 1024 });
    }
    console.log(
      `  largest chunk: ${largest.file} ${kb(largest.bytes)} (${kb(largest.gzipBytes)} gzip); over Vite's 500 kB warning: ${chunks.filter((chunk) => chunk.bytes > chunkWarningBytes).length}`,
    );
    console.log(`  all JavaScript: ${chunks.length} chunks, ${kb(total.bytes)} (${kb(total.gzip)} gzip)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
