// Tree-shaking of @parley/ui: gzip size of an app that imports only Button vs one that imports
// the whole package. Peer in the same run: the whole-package bundle.
import { build } from 'vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  statSync,
} from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const uiEntry = join(root, 'packages/ui/src/index.ts');

function gzipDir(dir) {
  let total = 0;
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|css)$/.test(f)) total += gzipSync(readFileSync(p), { level: 9 }).length;
    }
  };
  walk(dir);
  return total;
}

async function bundle(name, source) {
  // Inside the repo so vanilla-extract finds a package.json above the entry.
  const base = join(root, 'node_modules/.cache/parley-bench');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `ui-${name}-`));
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, source.replaceAll('@parley/ui', uiEntry));
  const outDir = join(dir, 'out');
  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [vanillaExtractPlugin()],
    build: {
      outDir,
      lib: { entry, formats: ['es'], fileName: 'bundle' },
      rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
      minify: true,
    },
  });
  return gzipDir(outDir);
}

const buttonOnly = await bundle(
  'button',
  `import { Button } from '@parley/ui'; console.log(Button);`,
);
const whole = await bundle('whole', `import * as ui from '@parley/ui'; console.log(ui);`);
const line = (figure, value, unit, extra = {}) =>
  console.log(JSON.stringify({ bench: 'ui-treeshake', figure, value, unit, ...extra }));
line('button_only_gzip', buttonOnly, 'bytes');
line('whole_package_gzip', whole, 'bytes');
line('button_only_vs_whole_ratio', Number((buttonOnly / whole).toFixed(3)), 'ratio', {
  peer: 'whole @parley/ui package',
});
