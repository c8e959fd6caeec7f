#!/usr/bin/env node
/**
 * `npm run typecheck`: every workspace's own typecheck (`tsc -p tsconfig.json`) and the root
 * tsconfig.json, with less repeated work than one tsc per package.
 *
 * A package's program also checks every source file it imports from another package (the
 * workspaces export their sources: the console's program re-checks the dashboard and ui, the voice
 * agent's re-checks the server). Workspaces whose effective compiler options are identical
 * therefore share ONE program here: its root files are the union of theirs, so each file is
 * checked once, with exactly the options (and types, lib, paths) it is checked with on its own.
 * Workspaces with options of their own (and the root tsconfig.json) keep their own program. The
 * programs run side by side, one per core.
 *
 * Each program is incremental: its .tsbuildinfo (in node_modules/.cache/parley-typecheck) records
 * every file's hash and diagnostics, so a run re-checks only what changed since the last one. The
 * last good .tsbuildinfo of each program is also kept per machine (in the temp directory, like
 * the test database templates): a fresh clone on a machine that ran the typecheck before (CI runs
 * where the session ran) starts from it. Its paths are relative to the cache directory, so it fits
 * any clone; tsc trusts nothing in it for a file whose contents differ.
 *
 * `npx tsc -p packages/X` still checks one package alone.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.cache', 'parley-typecheck');
const machineCacheDir = join(tmpdir(), 'parley-typecheck-cache');
const tscBin = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Workspace directories (the `workspaces` globs are all of the form `dir/*`). */
function workspaces() {
  const dirs = [];
  for (const pattern of rootPackage.workspaces) {
    if (!pattern.endsWith('/*'))
      throw new Error(`typecheck: unsupported workspace glob ${pattern}`);
    const parent = join(root, pattern.slice(0, -2));
    for (const entry of readdirSync(parent, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json'))) {
        dirs.push(join(parent, entry.name));
      }
    }
  }
  return dirs;
}

function parseConfig(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed.errors.length) {
    throw new Error(
      parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'),
    );
  }
  return parsed;
}

/** The options a program is checked with, independent of where its tsconfig lies. */
function optionsKey(options) {
  const { configFilePath: _file, pathsBasePath, paths, ...rest } = options;
  const absolutePaths = paths
    ? Object.fromEntries(
        Object.entries(paths).map(([k, v]) => [k, v.map((p) => resolve(pathsBasePath, p))]),
      )
    : undefined;
  const sorted = (value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sorted(value[k])]),
        )
      : value;
  return JSON.stringify(sorted({ ...rest, paths: absolutePaths }));
}

/**
 * Directories outside the workspaces with a tsconfig.json of their own: bench/ has the server's
 * options, so its files join the server's program (they import the server: checked once).
 */
const extraConfigs = ['bench'];

/** One job per program: [label, tsconfig path]. */
function jobs() {
  const groups = new Map();
  const alone = [['root tsconfig.json', join(root, 'tsconfig.json')]];
  const configs = [];
  for (const dir of workspaces()) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const script = pkg.scripts?.typecheck;
    if (!script) continue;
    const name = relative(root, dir);
    const match = /^tsc -p (\S+)$/.exec(script.trim());
    if (!match) {
      alone.push([name, null, pkg.name]);
      continue;
    }
    configs.push([name, join(dir, match[1])]);
  }
  for (const dir of extraConfigs) configs.push([dir, join(root, dir, 'tsconfig.json')]);
  for (const [name, config] of configs) {
    const parsed = parseConfig(config);
    const key = optionsKey(parsed.options);
    const group = groups.get(key) ?? { members: [], config, files: new Set() };
    group.members.push(name);
    for (const file of parsed.fileNames) group.files.add(file);
    groups.set(key, group);
  }
  mkdirSync(cacheDir, { recursive: true });
  const shared = [...groups.values()].map((group) => {
    if (group.members.length === 1) return [group.members[0], group.config];
    // Extends the first member's tsconfig (its options, paths relative to it); the root files
    // are every member's own.
    const label = group.members.join(' + ');
    const file = join(
      cacheDir,
      `tsconfig.${group.members.map((m) => m.replace(/\W/g, '_')).join('.')}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        { extends: group.config, files: [...group.files].sort(), include: [] },
        null,
        2,
      ),
    );
    return [label, file];
  });
  return [...alone, ...shared];
}

/** Longest first (durations of the last run here; on a first run, the root program first). */
function ordered(list) {
  let last = {};
  try {
    last = JSON.parse(readFileSync(join(cacheDir, 'durations.json'), 'utf8'));
  } catch {
    // First run on this machine.
  }
  return list
    .map((job, index) => ({ job, weight: last[job[0]] ?? list.length - index }))
    .sort((a, b) => b.weight - a.weight)
    .map(({ job }) => job);
}

/** The program's .tsbuildinfo here, seeded from this machine's last good one when missing. */
function buildInfo(label) {
  const name = `${label.replace(/\W+/g, '_')}.tsbuildinfo`;
  const file = join(cacheDir, name);
  const kept = join(machineCacheDir, name);
  if (!existsSync(file) && existsSync(kept)) {
    try {
      copyFileSync(kept, file);
    } catch {
      // Another checkout is replacing it: start without.
    }
  }
  return { file, kept };
}

/** Keeps a good .tsbuildinfo for the next clone on this machine (written whole, then renamed). */
function keep({ file, kept }) {
  try {
    mkdirSync(machineCacheDir, { recursive: true });
    const partial = `${kept}.${process.pid}.partial`;
    copyFileSync(file, partial);
    renameSync(partial, kept);
  } catch {
    // A cache only.
  }
}

function run([label, config, workspace]) {
  const started = performance.now();
  const info = config ? buildInfo(label) : null;
  const [command, args] = config
    ? [
        process.execPath,
        [
          tscBin,
          '-p',
          config,
          '--noEmit',
          '--incremental',
          '--tsBuildInfoFile',
          info.file,
          '--pretty',
          String(Boolean(process.stdout.isTTY)),
        ],
      ]
    : ['npm', ['run', 'typecheck', '-w', workspace]];
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0 && info && existsSync(info.file)) keep(info);
      resolvePromise({ label, code, output, seconds });
    });
  });
}

const queue = ordered(jobs());
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const result = await run(job);
      results.push(result);
      const mark = result.code === 0 ? 'ok' : 'FAILED';
      process.stdout.write(`typecheck ${mark}: ${result.label} (${result.seconds.toFixed(1)} s)\n`);
      if (result.output.trim()) process.stdout.write(`${result.output.trimEnd()}\n`);
    }
  }),
);
writeFileSync(
  join(cacheDir, 'durations.json'),
  JSON.stringify(Object.fromEntries(results.map((r) => [r.label, r.seconds]))),
);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
