// The retrieval evaluation's corpus and queries, all derived deterministically from a real public
// documentation set that ships inside an npm package we already install: the Vercel AI SDK's docs
// (node_modules/ai/docs/**/*.mdx, Apache-2.0; a dependency of @parley/server, so no extra install
// and nothing to fetch on CI). Documents are split into segments by our own chunker with the product
// defaults (the same segments for every system compared).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { chunkSettingsSchema } from '@parley/api-client';
import { chunkSection, cleanText, splitSections } from '../apps/server/src/knowledge/chunking';

export interface EvalDoc {
  name: string;
  segments: string[];
}
export interface EvalQuery {
  family: 'title' | 'sentence' | 'token' | 'identifier';
  query: string;
  /** Indexes into the flat segment list: any of them in the top 4 is a hit. */
  relevant: number[];
}

const require = createRequire(import.meta.url);

export function corpusRoot(): string {
  // The docs folder next to the ai package's package.json (resolved from the server workspace).
  const pkg = require.resolve('ai/package.json', {
    paths: [join(process.cwd(), 'apps/server'), process.cwd()],
  });
  return join(dirname(pkg), 'docs');
}

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.mdx?$/.test(f) ? [p] : [];
    });
}

/** MDX → markdown text: front matter and import/export lines dropped, JSX tags unwrapped. */
export function mdxToText(source: string): string {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n')
    .filter((l) => !/^(import|export) /.test(l))
    .join('\n')
    .replace(/<\/?[A-Z][\w.]*(?:\s[^>]*)?\/?>/g, '');
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const stripInline = (s: string) =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();

export function loadCorpus(limitDocs = Infinity) {
  const root = corpusRoot();
  const settings = chunkSettingsSchema.parse({});
  const docs: EvalDoc[] = [];
  const flat: Array<{ doc: number; content: string; norm: string }> = [];
  for (const file of files(root).slice(0, limitDocs)) {
    const text = cleanText(mdxToText(readFileSync(file, 'utf8')), settings);
    if (!text) continue;
    const segments = splitSections(text, settings).flatMap((s) =>
      chunkSection(s, settings.chunkSize, settings.chunkOverlap),
    );
    if (!segments.length) continue;
    const d = docs.length;
    docs.push({ name: relative(root, file), segments });
    for (const content of segments) flat.push({ doc: d, content, norm: norm(content) });
  }
  return { root, docs, flat, queries: deriveQueries(docs, flat) };
}

/**
 * Four query families, each capped and picked in corpus order (deterministic):
 * - title: every heading whose text is unique in the corpus → the segments holding that heading;
 * - sentence: one prose sentence (8–30 words) per section → the segments holding it;
 * - token: dotted/slashed/versioned tokens (`route.ts`, `@ai-sdk/openai`, `v5.0`) found in 1–3
 *   segments → those segments;
 * - identifier: camelCase identifiers found in 1–3 segments → those segments.
 */
function deriveQueries(
  docs: EvalDoc[],
  flat: Array<{ doc: number; content: string; norm: string }>,
): EvalQuery[] {
  const holding = (needle: string) => flat.flatMap((s, i) => (s.norm.includes(needle) ? [i] : []));
  const queries: EvalQuery[] = [];

  // Titles.
  // A title that heads several sections in the corpus is ambiguous: dropped.
  const seenTitle = new Map<string, Set<string>>();
  for (const d of docs)
    for (const seg of d.segments)
      for (const m of seg.matchAll(/^#{1,4} +(.+)$/gm)) {
        const key = stripInline(m[1]!).toLowerCase();
        const set = seenTitle.get(key) ?? new Set<string>();
        set.add(`${d.name}#${norm(m[0])}`);
        seenTitle.set(key, set);
      }
  for (const [key, set] of seenTitle) {
    if (set.size !== 1 || key.length < 4) continue;
    const line = [...set][0]!.split('#').slice(1).join('#');
    const relevant = holding(line);
    if (relevant.length)
      queries.push({ family: 'title', query: stripInline(line.replace(/^#+ /, '')), relevant });
  }

  // Sentences: one per segment that starts a section, prose only.
  let k = 0;
  for (const [i, s] of flat.entries()) {
    if (!/^#/.test(s.content)) continue;
    const prose = s.content
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      .split('\n')
      .filter((l) => l && !/^(#|[-*|>]|\d+\.)/.test(l.trim()))
      .join(' ');
    const sentence = prose
      .split(/(?<=[.!?])\s+/)
      .map(stripInline)
      .find((x) => {
        const n = x.split(/\s+/).length;
        return n >= 8 && n <= 30;
      });
    if (!sentence || k++ % 2) continue;
    const relevant = holding(norm(sentence).slice(0, 60));
    if (relevant.length && relevant.length <= 4 && relevant.includes(i))
      queries.push({ family: 'sentence', query: sentence, relevant });
  }

  // Tokens and identifiers found in 1–3 segments (whole-token occurrences).
  const tokenRe = /(?<![\w@./-])(@?[A-Za-z][\w-]*(?:[./][\w-]+)+)(?![\w/-]|\.\w)/g;
  const identRe = /(?<![\w.])([a-z]+[A-Z][A-Za-z0-9]*)(?![\w.])/g;
  for (const [family, re] of [
    ['token', tokenRe],
    ['identifier', identRe],
  ] as const) {
    const where = new Map<string, Set<number>>();
    for (const [i, s] of flat.entries())
      for (const m of s.content.matchAll(re)) {
        const t = m[1]!;
        if (t.length < 5 || /^https?/.test(t) || /^\/|\/$/.test(t)) continue;
        const set = where.get(t) ?? new Set<number>();
        set.add(i);
        where.set(t, set);
      }
    for (const [t, set] of [...where].sort((a, b) => a[0].localeCompare(b[0]))) {
      if (set.size > 3) continue;
      queries.push({ family, query: t, relevant: [...set] });
    }
  }
  return queries;
}
