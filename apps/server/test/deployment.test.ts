// The deployment files (compose.yaml, Dockerfile, deploy/) cannot be run here (no Docker): this
// checks what can be checked without it (docs/deployment.md says what was not run).
// - compose.yaml parses and has its parts, each with a health check;
// - every server setting docs/configuration.md documents is named for both servers (or listed
//   under x-parley-not-set), every worker setting for the worker, and every setting the server's
//   code reads is documented;
// - the Dockerfile builds with the npm commands CI runs and starts each app with its own script.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repositoryRoot } from '../src/lib/dataDir';

const read = (path: string) => readFileSync(join(repositoryRoot, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; target: string };
  environment?: Record<string, unknown>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  'x-parley-not-set'?: Record<string, string>;
};
const services = compose.services;
const notSet = compose['x-parley-not-set'] ?? {};
const built = (target: string) =>
  Object.entries(services).filter(([, s]) => s.build?.target === target);

/** The variable names in the tables of one `## ` section of docs/configuration.md. */
function documented(section: string): string[] {
  const doc = read('docs/configuration.md');
  const start = doc.indexOf(`\n## ${section}`);
  expect(start, `docs/configuration.md has a "## ${section}" section`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  const names = new Set<string>();
  for (const line of doc.slice(start, end === -1 ? undefined : end).split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split('|')[1]!;
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return [...names];
}

/** Every environment variable the server's code reads (env.X, process.env.X and name tables). */
function readByServer(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const re of [
          /\benv\.([A-Z][A-Z0-9_]+)/g,
          /\benv\[\s*'([A-Z][A-Z0-9_]+)'/g,
          /\bnumber\('([A-Z][A-Z0-9_]+)'/g,
          /(?:baseEnv|Keys?)\b[^\n]*?'([A-Z][A-Z0-9]*_(?:API_KEY|BASE_URL))'/g,
          /^\s+\w+: '([A-Z][A-Z0-9_]*_API_KEY)',$/gm,
        ]) {
          for (const m of text.matchAll(re)) names.add(m[1]!);
        }
      }
    }
  };
  walk(join(repositoryRoot, 'apps/server/src'));
  return [...names];
}

describe('compose.yaml', () => {
  it('has PostgreSQL with pgvector, two servers behind a proxy, the worker and LiveKit, each health-checked', () => {
    expect(services.postgres?.image).toMatch(/^pgvector\/pgvector:/);
    expect(built('server').length).toBeGreaterThanOrEqual(2);
    expect(built('voice-agent')).toHaveLength(1);
    expect(services.livekit?.image).toMatch(/^livekit\/livekit-server/);
    expect(services.caddy?.image).toMatch(/^caddy:/);
    for (const [name, service] of Object.entries(services))
      expect(service.healthcheck, `${name} has a health check`).toBeDefined();

    // The proxy spreads over every server, and each mounted file is in the repository.
    const caddyfile = read('deploy/Caddyfile');
    for (const [name] of built('server')) expect(caddyfile).toContain(`${name}:3000`);
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? [])
        if (volume.startsWith('./'))
          expect(existsSync(join(repositoryRoot, volume.split(':')[0]!)), volume).toBe(true);
    // Migrations run at start: the second server waits until the first is healthy.
    const [first, ...others] = built('server').map(([name]) => name);
    for (const name of others)
      expect(services[name]!.depends_on?.[first!]?.condition).toBe('service_healthy');
  });

  it('names every server setting of docs/configuration.md for every server', () => {
    const settings = documented('Server');
    expect(settings.length).toBeGreaterThan(40);
    for (const [name, service] of built('server')) {
      const env = Object.keys(service.environment ?? {});
      const missing = settings.filter((s) => !env.includes(s) && !(s in notSet));
      expect(missing, `${name}: add to compose.yaml (or x-parley-not-set)`).toEqual([]);
      const undocumented = env.filter((e) => !settings.includes(e));
      expect(undocumented, `${name}: document in docs/configuration.md`).toEqual([]);
      // Servers on one database share the secret that signs sessions and encrypts keys.
      expect(service.environment?.PARLEY_SECRET).toBe(
        built('server')[0]![1].environment?.PARLEY_SECRET,
      );
    }
    const stale = Object.keys(notSet).filter((s) => !settings.includes(s));
    expect(stale, 'x-parley-not-set names only documented settings').toEqual([]);
  });

  it('names every worker setting of docs/configuration.md for the worker', () => {
    const [[, worker]] = built('voice-agent') as [[string, Service]];
    const env = Object.keys(worker.environment ?? {});
    expect(documented('Voice worker').filter((s) => !env.includes(s))).toEqual([]);
  });

  it("documents every setting the server's code reads", () => {
    const read = readByServer();
    expect(read).toContain('PARLEY_ADMISSION_LAG_MS');
    expect(read).toContain('DEEPGRAM_API_KEY');
    expect(read).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    const settings = documented('Server');
    // npm's own variable (where `npm start` was typed; see lib/dataDir.ts), not a setting.
    const npmVariables = ['INIT_CWD'];
    const undocumented = read.filter((s) => !settings.includes(s) && !npmVariables.includes(s));
    expect(undocumented, 'document in docs/configuration.md (## Server)').toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ');
  const lines = dockerfile.split('\n').map((l) => l.trim());
  const stages = new Map<string, string[]>();
  let current = '';
  for (const line of lines) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) stages.set((current = from[1]!), []);
    else if (current && line && !line.startsWith('#')) stages.get(current)!.push(line);
  }
  const rootPackage = JSON.parse(read('package.json')) as {
    packageManager: string;
    scripts: Record<string, string>;
  };
  const npmRuns = lines.filter((l) => l.startsWith('RUN npm ')).map((l) => l.slice(4));

  it('is multi-stage and builds with the npm commands CI runs', () => {
    expect(stages.size).toBeGreaterThanOrEqual(3);
    const ciInstall = read('.ci/run')
      .split('\n')
      .find((l) => l.startsWith('npm ci'));
    expect(npmRuns).toContain(ciInstall);
    // `npm test` (what .ci/run calls) builds with `npm run build`; so does the image.
    expect(rootPackage.scripts['test:all']).toContain('npm run build');
    expect(npmRuns).toContain('npm run build');
    for (const run of npmRuns.filter((r) => r.startsWith('npm run ')))
      expect(Object.keys(rootPackage.scripts)).toContain(run.split(' ')[2]);
    // The npm CI uses (package.json's packageManager).
    expect(npmRuns).toContain(`npm install -g ${rootPackage.packageManager}`);
  });

  it('runs each app as a non-root user, on production dependencies, with its own start script', () => {
    for (const [stage, pkg] of [
      ['server', 'apps/server'],
      ['voice-agent', 'apps/voice-agent'],
    ] as const) {
      const body = stages.get(stage);
      expect(body, `stage ${stage}`).toBeDefined();
      expect(body).toContain('USER node');
      const deps = stages.get(`${stage}-deps`)!.join('\n');
      const name = (JSON.parse(read(`${pkg}/package.json`)) as { name: string }).name;
      expect(deps).toMatch(new RegExp(`npm ci --omit=dev .*-w ${name}\\b`));
      const cmd = JSON.parse(
        body!
          .filter((l) => l.startsWith('CMD '))
          .at(-1)!
          .slice(4),
      ) as string[];
      const workdir = body!.filter((l) => l.startsWith('WORKDIR ')).at(-1);
      expect(workdir).toBe(`WORKDIR /app/${pkg}`);
      const start = (JSON.parse(read(`${pkg}/package.json`)) as { scripts: { start: string } })
        .scripts.start;
      expect([cmd[0]!.split('/').at(-1), ...cmd.slice(1)].join(' ')).toBe(start);
      expect(cmd[0]).toBe('/app/node_modules/.bin/tsx');
    }
    // tsx, which runs the sources, is a production dependency of both apps.
    for (const pkg of ['apps/server', 'apps/voice-agent'])
      expect(
        (JSON.parse(read(`${pkg}/package.json`)) as { dependencies: Record<string, string> })
          .dependencies.tsx,
      ).toBeDefined();
  });
});
