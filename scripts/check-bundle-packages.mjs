// Fails the build when a Vite build bundles a package it must not, or lacks one it must: proves
// which runtime a build ships (the console: react-dom, never preact). Reads .vite/packages.json,
// which the build writes (apps/console/vite.config.ts, packageReport: each chunk → the npm
// packages bundled into it); every script in the dist directory must be listed there, so a stale
// or partial report fails too.
// Usage: node check-bundle-packages.mjs <dist dir> [--require <package>]... [--forbid <package>]...
//   e.g. node check-bundle-packages.mjs dist --require react-dom --forbid preact
//   A forbidden name matches the package and its family (preact: preact, preact-render-to-string,
//   @preact/signals).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [dir, ...args] = process.argv.slice(2);
const required = [];
const forbidden = [];
for (let i = 0; i < args.length; i += 2) {
  const [flag, name] = [args[i], args[i + 1]];
  if (!name || (flag !== '--require' && flag !== '--forbid')) {
    console.error(
      'usage: check-bundle-packages.mjs <dist dir> [--require <pkg>]... [--forbid <pkg>]...',
    );
    process.exit(2);
  }
  (flag === '--require' ? required : forbidden).push(name);
}
if (!dir) {
  console.error(
    'usage: check-bundle-packages.mjs <dist dir> [--require <pkg>]... [--forbid <pkg>]...',
  );
  process.exit(2);
}

const reportFile = join(dir, '.vite', 'packages.json');
if (!existsSync(reportFile)) {
  console.error(`✗ ${reportFile} is missing: the build must write it (packageReport)`);
  process.exit(1);
}
/** @type {Record<string, string[]>} */
const report = JSON.parse(readFileSync(reportFile, 'utf8'));

/** Every .js file under dir (the build's scripts), relative to it. */
function scripts(at) {
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const path = join(at, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : scripts(path);
    return entry.name.endsWith('.js') ? [relative(dir, path).replace(/\\/g, '/')] : [];
  });
}

const problems = [];
const unlisted = scripts(dir).filter((file) => !(file in report));
if (unlisted.length) problems.push(`not in the package report: ${unlisted.join(', ')}`);

const family = (name) => (pkg) =>
  pkg === name || pkg.startsWith(`${name}-`) || pkg.startsWith(`@${name}/`);
for (const name of forbidden) {
  const where = Object.entries(report).filter(([, pkgs]) => pkgs.some(family(name)));
  if (where.length) problems.push(`${name} is bundled (${where.map(([file]) => file).join(', ')})`);
}
const all = new Set(Object.values(report).flat());
for (const name of required) if (!all.has(name)) problems.push(`${name} is not bundled`);

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  console.error('Bundle package check failed.');
  process.exit(1);
}
console.log(
  `✓ ${Object.keys(report).length} scripts: ` +
    [...required.map((name) => `${name} bundled`), ...forbidden.map((name) => `no ${name}`)].join(
      ', ',
    ),
);
