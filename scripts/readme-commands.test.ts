// Every command the READMEs show works as written on a fresh machine: only Node and npm, an empty
// HOME and npm cache, no global pnpm. Each command in a shell block, and each inline one that
// starts with npm, npx, pnpm or node, must resolve: an npm script that exists (and does not need
// a pnpm the machine lacks), pnpm only through npx at the exact version package.json pins (a
// range fetches a newer pnpm that switches to the pinned one and refuses to run it), npx only for
// a locally installed or pinned package, node only on a file that exists. The cheap ones run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  packageManager?: string;
  scripts?: Record<string, string>;
}

const manifest = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;
const rootManifest = manifest('.');
const workspace = ['supabase', 'shared', 'storefront', 'backoffice', 'artist-portal', 'e2e'].map(manifest);
const pinnedPnpm = rootManifest.packageManager ?? '';

/** pnpm's own commands (the ones a README might use); any other first word is a script name. */
const pnpmCommands = new Set(['install', 'i', 'add', 'remove', 'update', 'exec', 'run', 'dlx', 'list', 'ls', 'why', 'outdated', 'store', '-v', '--version', 'help']);

interface Shown {
  where: string;
  command: string;
}

function readmes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (['node_modules', '.data', 'dist', '.git'].includes(entry.name)) continue;
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name === 'README.md') found.push(relative);
    }
  };
  walk('.');
  return found;
}

/** The commands a README shows: lines of its shell blocks (continuations joined, comments cut, `&&` split) and inline commands. */
function commandsIn(markdown: string, file: string): Shown[] {
  const shown: Shown[] = [];
  const add = (text: string, line: number) => {
    for (const part of text.split(/\s*&&\s*/)) if (part.trim()) shown.push({ where: `${file}:${line}`, command: part.trim() });
  };
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let pending = '';
  lines.forEach((line, index) => {
    const opening = /^```(\w*)/.exec(line);
    if (opening) {
      fence = fence === undefined ? opening[1] : undefined;
      return;
    }
    if (fence !== undefined) {
      if (!['sh', 'bash', 'shell', 'console'].includes(fence)) return;
      const code = line.replace(/(^|\s)#.*$/, '').trimEnd();
      if (code.endsWith('\\')) {
        pending += `${code.slice(0, -1)} `;
        return;
      }
      add(pending + code, index + 1);
      pending = '';
      return;
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const span = match[1] ?? '';
      if (/^(\w+=\S*\s+)*(npm|npx|pnpm|node)\s/.test(span)) add(span, index + 1);
    }
  });
  return shown;
}

const scriptOf = (pkg: Manifest, name: string) => pkg.scripts?.[name];
const usesBarePnpm = (script: string) => /(^|&&|\|\||;|\|)\s*pnpm\s/.test(script);

/** What keeps a command from working as written on a fresh machine; empty when it resolves. */
function problemsOf(command: string): string[] {
  const words = command.replace(/^(\w+=\S*\s+)*/, '').split(/\s+/);
  const [program, ...args] = words;
  const npmScript = (name: string | undefined, rest: string[]) => {
    if (!name) return ['names no script'];
    const script = scriptOf(rootManifest, name);
    if (script === undefined) return [`package.json has no script "${name}"`];
    const problems: string[] = [];
    if (usesBarePnpm(script)) problems.push(`script "${name}" runs pnpm, which npm does not provide on a fresh machine`);
    const separator = rest.indexOf('--');
    const own = separator === -1 ? rest : rest.slice(0, separator);
    if (own.some((arg) => arg.startsWith('-'))) problems.push(`npm takes ${own.filter((arg) => arg.startsWith('-')).join(' ')} for itself: pass the script's options after --`);
    return problems;
  };
  switch (program) {
    case 'pnpm':
      return ['pnpm is not installed on a fresh machine: use npm run … or npx --yes ' + pinnedPnpm];
    case 'npm': {
      const [sub, ...rest] = args;
      if (sub === 'run' || sub === 'run-script') return npmScript(rest[0], rest.slice(1));
      if (sub === 'start' || sub === 'test' || sub === 'stop' || sub === 'restart') return npmScript(sub, rest);
      return [];
    }
    case 'npx': {
      const rest = args.filter((arg) => arg !== '--yes' && arg !== '-y');
      const [spec, ...pnpmArgs] = rest;
      if (!spec) return ['npx without a package'];
      if (spec === 'pnpm' || spec.startsWith('pnpm@')) {
        if (spec !== pinnedPnpm) return [`npx ${spec} is not the pinned ${pinnedPnpm}: a newer pnpm refuses to switch to it`];
        let target = rootManifest;
        const positional: string[] = [];
        for (let index = 0; index < pnpmArgs.length; index++) {
          const arg = pnpmArgs[index] ?? '';
          if (arg === '--filter' || arg === '-F') {
            const name = pnpmArgs[++index];
            const pkg = workspace.find((candidate) => candidate.name === name);
            if (!pkg) return [`no workspace package ${name}`];
            target = pkg;
          } else if (!arg.startsWith('-')) positional.push(arg);
        }
        const [first, second] = positional;
        const script = first === 'run' ? second : first && !pnpmCommands.has(first) ? first : undefined;
        return script && scriptOf(target, script) === undefined ? [`${target.name} has no script "${script}"`] : [];
      }
      if (/.@\d/.test(spec)) return [];
      return existsSync(path.join(root, 'node_modules', '.bin', spec)) ? [] : [`npx ${spec} is not installed here: it would fetch whatever version is newest`];
    }
    case 'node': {
      const file = args.find((arg, index) => !arg.startsWith('-') && !['--import', '-r', '--require', '--loader'].includes(args[index - 1] ?? ''));
      if (!file) return [];
      return existsSync(path.join(root, file)) ? [] : [`${file} does not exist`];
    }
    default:
      return [];
  }
}

describe('the READMEs’ commands', () => {
  const shown = readmes().flatMap((file) => commandsIn(readFileSync(path.join(root, file), 'utf8'), file));

  it('are found (the quick start, the stack commands, the deploy steps)', () => {
    const commands = shown.map(({ command }) => command);
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test']));
    expect(commands.length).toBeGreaterThan(20);
  });

  it('each resolve on a fresh machine', () => {
    const problems = shown.flatMap(({ where, command }) => problemsOf(command).map((problem) => `${where} \`${command}\`: ${problem}`));
    expect(problems).toEqual([]);
  });
});

describe('the npm scripts', () => {
  it('take pnpm, where they need it, through npx at the pinned version (npm provides no pnpm)', () => {
    const problems = Object.entries(rootManifest.scripts ?? {}).flatMap(([name, script]) => [
      ...(usesBarePnpm(script) ? [`${name}: bare pnpm`] : []),
      ...[...script.matchAll(/\bpnpm@(\S+)/g)].filter(([spec]) => spec !== pinnedPnpm).map(([spec]) => `${name}: ${spec} is not ${pinnedPnpm}`),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('the checker', () => {
  it.each([
    ['npx pnpm@10 stack status', /not the pinned/],
    ['npx pnpm stack stop', /not the pinned/],
    ['pnpm bench', /not installed on a fresh machine/],
    ['npm run bench:search --plans', /after --/],
    ['npm run no-such-script', /no script/],
    ['npx supabase login', /not installed here/],
    ['node --import tsx supabase/seed/nothing.ts', /does not exist/],
    [`npx --yes ${pinnedPnpm} --filter @podium/storefront nothing`, /no script "nothing"/],
  ])('refuses `%s`', (command, problem) => {
    expect(problemsOf(command).join('\n')).toMatch(problem);
  });

  it.each([
    'npm run status',
    'npm run build',
    'npm run bench:search -- --plans',
    `npx --yes ${pinnedPnpm} build`,
    `npx --yes ${pinnedPnpm} --filter @podium/storefront build`,
    'node --import tsx supabase/seed/media.ts out/',
  ])('accepts `%s`', (command) => {
    expect(problemsOf(command)).toEqual([]);
  });
});

describe('the stack commands on a fresh machine, against a stopped stack', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'podium-fresh-home-'));
  const cache = mkdtempSync(path.join(os.tmpdir(), 'podium-fresh-npm-cache-'));
  const data = mkdtempSync(path.join(os.tmpdir(), 'podium-fresh-data-'));
  afterAll(() => [home, cache, data].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  // A data dir where no stack ever ran, on ports where none listens.
  const env = { ...process.env, HOME: home, npm_config_cache: cache, npm_config_update_notifier: 'false', PODIUM_DATA_DIR: data, PODIUM_PORT_BASE: '29700' };
  const npm = (...args: string[]) => spawnSync('npm', args, { cwd: root, env, encoding: 'utf8' });

  it('`npm run status` says the stack is not running and exits 1, as the README says', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/npm run status\s+#.*exits 1 when the stack is not running/);
    const status = npm('run', 'status');
    expect(status.stdout).toContain('podium local stack is not running. Start it with `npm start`.');
    expect(status.stderr).not.toMatch(/ERR|Refusing/);
    expect(status.status).toBe(1);
  });

  it('`npm run stop` says there is nothing to stop and succeeds', () => {
    const stop = npm('run', 'stop');
    expect(stop.stdout).toContain('podium local stack is not running');
    expect(stop.status).toBe(0);
  });
});
