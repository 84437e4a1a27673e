// Every command the README shows must work as written on a fresh machine (only Node and npm).
// `npx pnpm@10 …` did not: npx picks the newest pnpm 10, which hands over to the
// `packageManager` version and then refuses it ('its npm registry signature could not be
// verified'). So the README shows npm scripts, and any pnpm a script needs is pinned exactly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedStackEnv, paths } from './config.ts';

const readme = readFileSync(path.join(paths.root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(paths.root, 'package.json'), 'utf8')) as { packageManager: string; scripts: Record<string, string> };

/** The shell commands of the README's `sh` blocks, continuation lines joined, comments dropped. */
function readmeCommands(text: string): string[] {
  const commands: string[] = [];
  for (const [, block = ''] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const joined = block.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command && !command.startsWith('#')) commands.push(command);
    }
  }
  return commands;
}

/** Why a command would not run on a fresh machine, or null. */
function problem(command: string): string | null {
  const words = command.split(/\s+/);
  if (words[0] === 'npm') {
    if (words[1] === 'start' || words[1] === 'test') return null;
    if (words[1] !== 'run') return `unknown npm command ${words[1]}`;
    return words[2] && manifest.scripts[words[2]] ? null : `no npm script "${words[2]}"`;
  }
  if (words[0] === 'npx') return pnpmProblem(command) ?? (/^npx( --yes)? (supabase|pnpm@)/.test(command) ? null : 'npx of an unpinned tool');
  if (words[0] === 'node') {
    const file = words.find((word) => /\.(ts|mjs|js)$/.test(word));
    return file && existsSync(path.join(paths.root, file)) ? null : `no file ${file}`;
  }
  return `not a command a fresh machine has: ${words[0]}`;
}

/** pnpm through npx must name the exact `packageManager` version. */
function pnpmProblem(command: string): string | null {
  for (const [, version] of command.matchAll(/pnpm@([^\s"']+)/g)) {
    if (`pnpm@${version}` !== manifest.packageManager) return `pnpm@${version} is not ${manifest.packageManager}`;
  }
  return /(^|[\s;&|])pnpm\s/.test(command) ? 'bare pnpm: not on PATH under npm' : null;
}

describe('README commands', () => {
  it('finds the quick start and the other commands', () => {
    const commands = readmeCommands(readme);
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm run status', 'npm run stop', 'npm run reset', 'npm run bench']));
  });

  it('every command names an npm script, a file or an exactly pinned tool', () => {
    const problems = readmeCommands(readme).map((command) => [command, problem(command)]).filter(([, why]) => why);
    expect(problems).toEqual([]);
  });

  it('commands quoted in the text are pinned as well', () => {
    const quoted = [...readme.matchAll(/`([^`\n]*\b(?:npx|pnpm)\b[^`\n]*)`/g)].map(([, command = '']) => command);
    const problems = quoted.filter((command) => /^npx\b/.test(command)).map((command) => [command, pnpmProblem(command)]).filter(([, why]) => why);
    expect(problems).toEqual([]);
  });

  it('every npm script that runs pnpm pins the packageManager version', () => {
    const problems = Object.entries(manifest.scripts).map(([name, script]) => [name, pnpmProblem(script)]).filter(([, why]) => why);
    expect(problems).toEqual([]);
  });

  it('`npm run status` answers as documented when no stack runs (exit 1, how to start it)', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-readme-'));
    try {
      const result = spawnSync('npm', ['run', '--silent', 'status'], { cwd: paths.root, env: isolatedStackEnv(dataDir, 25500), encoding: 'utf8', timeout: 60_000 });
      expect(result.stdout).toContain('podium local stack is not running. Start it with `npm start`.');
      expect(result.status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm start', () => {
  // Against the running stack (start is idempotent): the apps are rebuilt as they were, and the
  // last thing a person reads is the table, with the web server answering.
  it('ends with the table of URLs and keys, every service healthy', () => {
    const result = spawnSync(process.execPath, [path.join(paths.root, 'scripts', 'run.mjs'), 'start'], { cwd: paths.root, encoding: 'utf8', timeout: 600_000 });
    expect(result.status, result.stderr).toBe(0);
    const tail = result.stdout.trimEnd().split('\n').slice(-30).join('\n');
    expect(tail).toContain('API URL: http://127.0.0.1:');
    expect(tail).toContain('anon key: eyJ');
    expect(tail).toMatch(/\s+web: healthy$/);
    expect(tail).not.toContain('NOT ANSWERING');
    expect(result.stdout).not.toMatch(/vite v\d|transforming|rendering chunks/);
  }, 600_000);
});
