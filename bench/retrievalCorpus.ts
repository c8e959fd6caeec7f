// The retrieval evaluation's corpora and queries, all derived deterministically from public texts
// that ship inside npm packages (nothing fetched at run time; every package is a dependency of the
// workspace). Five corpora of different shapes:
// - reference: the undici API reference (node_modules/undici/docs/docs/**/*.md, MIT): many short
//   sections, dense jargon, code;
// - guides: the React Router guides (node_modules/react-router/docs/**/*.md, MIT): narrative
//   explanations and how-tos with long paragraphs;
// - faq: question/answer pages: every question-headed section (a heading ending in '?') of the
//   markdown files in node_modules that have at least two of them (READMEs, FAQ pages; duplicates
//   of one file in nested node_modules dropped);
// - legal: the OSI-approved license texts of the SPDX license list (npm spdx-license-list, CC0):
//   numbered clauses, definitions, long legal sentences, plain text (no markdown);
// - sdk: the Vercel AI SDK docs (node_modules/ai/docs/**/*.mdx, Apache-2.0), the corpus the first
//   retrieval work was measured on (kept for comparison).
// Queries are made from each corpus's cleaned document text, never from our segments, in the same
// way for every system compared; each query's relevant segments are the segments whose text holds
// its needle (see deriveQueries). A query's half (tune or held out) is fixed by a hash of the
// corpus, family and query text: ranking work may look at the tune half only; the bench reports the
// held-out half.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { chunkSettingsSchema, type ChunkSettings } from '@parley/api-client';
import { cleanText } from '../apps/server/src/knowledge/chunking';
import { htmlToText } from '../apps/server/src/knowledge/fetchUrl';

export const families = ['title', 'index', 'sentence', 'token'] as const;
export type Family = (typeof families)[number];

export interface EvalQuery {
  family: Family;
  query: string;
  /** The text whose holders are relevant (normalized). */
  needle: string;
  half: 'tune' | 'heldout';
}
export interface SourceDoc {
  name: string;
  /** Cleaned with the product defaults (what the chunker receives). */
  text: string;
}
export interface Corpus {
  name: string;
  description: string;
  docs: SourceDoc[];
  queries: EvalQuery[];
}
export interface Segment {
  content: string;
  headingPath?: string;
}
export type Chunker = (text: string, settings: ChunkSettings, name: string) => Segment[];

const require = createRequire(import.meta.url);
const paths = [join(process.cwd(), 'apps/server'), process.cwd()];
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`, { paths }));

function files(dir: string, re: RegExp, skip?: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((f) => {
    const p = join(dir, f);
    if (skip?.test(p)) return [];
    let st;
    try {
      st = statSync(p);
    } catch {
      return [];
    }
    return st.isDirectory() ? files(p, re, skip) : re.test(f) ? [p] : [];
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

export const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const stripInline = (s: string) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();

const settings = chunkSettingsSchema.parse({});
const clean = (t: string) => cleanText(t, settings);

function markdownDocs(root: string, re: RegExp): SourceDoc[] {
  return files(root, re).map((f) => ({
    name: relative(root, f),
    text: clean(mdxToText(readFileSync(f, 'utf8'))),
  }));
}

/** Question-headed sections of the markdown files in node_modules with at least two of them. */
function faqDocs(): SourceDoc[] {
  const root = join(process.cwd(), 'node_modules');
  const seen = new Set<string>();
  const docs: SourceDoc[] = [];
  for (const f of files(root, /\.md$/i, /\/(test|tests|fixtures|\.bin)\//)) {
    const text = readFileSync(f, 'utf8');
    const hash = createHash('sha1').update(text).digest('hex');
    if (seen.has(hash)) continue;
    seen.add(hash);
    const lines = mdxToText(text).split('\n');
    const out: string[] = [];
    let keep = false;
    let fence = false;
    for (const line of lines) {
      if (/^\s*(```|~~~)/.test(line)) fence = !fence;
      const h = !fence && /^(#{1,6})\s+(.+)$/.exec(line);
      if (h) keep = /\?\s*$/.test(h[2]!);
      if (keep) out.push(line);
    }
    const questions = out.filter((l) => /^#{1,6}\s/.test(l)).length;
    if (questions >= 2) docs.push({ name: relative(root, f), text: clean(out.join('\n')) });
  }
  return docs;
}

function legalDocs(): SourceDoc[] {
  const list = require(join(packageDir('spdx-license-list'), 'full.js')) as Record<
    string,
    { name: string; osiApproved: boolean; licenseText: string }
  >;
  return Object.keys(list)
    .sort()
    .filter((id) => list[id]!.osiApproved && list[id]!.licenseText.length > 400)
    .map((id) => ({ name: `${id}.txt`, text: clean(list[id]!.licenseText) }));
}

const sources: Record<string, { description: string; load: () => SourceDoc[] }> = {
  reference: {
    description: 'undici API reference (npm undici, docs/docs/**/*.md)',
    load: () => markdownDocs(join(packageDir('undici'), 'docs', 'docs'), /\.md$/),
  },
  guides: {
    description: 'React Router guides (npm react-router, docs/**/*.md)',
    load: () => markdownDocs(join(packageDir('react-router'), 'docs'), /\.md$/),
  },
  faq: {
    description: 'question-headed sections of markdown files in node_modules (≥2 per file)',
    load: faqDocs,
  },
  legal: {
    description: 'OSI-approved license texts (npm spdx-license-list)',
    load: legalDocs,
  },
  sdk: {
    description: 'Vercel AI SDK docs (npm ai, docs/**/*.mdx)',
    load: () => markdownDocs(join(packageDir('ai'), 'docs'), /\.mdx?$/),
  },
};

/**
 * BENCH_EVAL_DIR: your own documents as one more corpus ('own'), to check the ranking on text of
 * the kind your agents will hold without putting it in the repository. Markdown and text files
 * are read as they are; HTML pages go through the product's URL import (`htmlToText`: the page's
 * main content, headings, code, lists and tables kept), named by their title. Queries are derived
 * the same way as for the other corpora.
 */
const ownDir = process.env.BENCH_EVAL_DIR;
if (ownDir) {
  sources.own = {
    description: `your documents (BENCH_EVAL_DIR=${ownDir})`,
    load: () => [
      ...markdownDocs(ownDir, /\.(md|mdx|txt)$/i),
      ...files(ownDir, /\.html?$/i).map((f) => {
        const page = htmlToText(readFileSync(f, 'utf8'), 'http://localhost/');
        return { name: page.title || relative(ownDir, f), text: clean(page.text) };
      }),
    ],
  };
}
export const corpusNames = Object.keys(sources);

/** Queries per family and half at most (picked by hash order: deterministic, spread over the corpus). */
const PER_HALF = Number(process.env.BENCH_EVAL_PER_HALF ?? 150);

const hashOf = (s: string) => createHash('sha1').update(s).digest().readUInt32BE(0);

export function loadCorpus(name: string): Corpus {
  const source = sources[name];
  if (!source) throw new Error(`unknown corpus ${name}`);
  const docs = source.load().filter((d) => d.text.length > 0);
  return { name, description: source.description, docs, queries: deriveQueries(name, docs) };
}

/** Prose lines of a document (code blocks, tables, headings, list markers and quotes left out). */
function sections(text: string) {
  const plain = !/^#{1,6}\s/m.test(text);
  const out: Array<{ heading: string | null; prose: string[]; lines: string[] }> = [];
  let cur: { heading: string | null; prose: string[]; lines: string[] } = {
    heading: null,
    prose: [],
    lines: [],
  };
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      continue;
    }
    if (fence || /^ {4}|\t/.test(line)) continue;
    const heading = headingOf(line, plain);
    if (heading) {
      out.push(cur);
      cur = { heading: line, prose: [], lines: [] };
      continue;
    }
    cur.lines.push(line);
    if (line.trim() && !/^\s*([-*+|>]|\d+[.)]|=+$|-+$)/.test(line)) cur.prose.push(line.trim());
  }
  out.push(cur);
  return out;
}

/** A markdown heading's text, or a numbered clause's title line ('4. Redistribution.'), or null. */
export function headingOf(line: string, plain = false): string | null {
  const md = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
  if (md) return stripInline(md[1]!);
  if (!plain) return null;
  const clause = /^\s*(?:section\s+)?\d+(?:\.\d+)*\.?\s+([A-Z][^.:;]{2,60})[.:]?\s*$/i.exec(line);
  if (clause && !/[,;]/.test(clause[1]!)) return clause[1]!.trim();
  return null;
}

/**
 * Four query families per corpus, each from the documents' text:
 * - title: each heading (markdown heading, or a numbered clause's title line) whose text is unique
 *   in the corpus; query: its text without markup or number; needle: the heading line;
 * - index: index terms, as a book's index would list them: text set apart in the source (bold,
 *   italic, inline code, a "quoted" defined term) of 1–4 words and 4–60 characters, that is not a
 *   single rare token (those are the token family) and is held by 1–3 segments' worth of text
 *   (counted on the documents' lines); query and needle: the term;
 * - sentence: one prose sentence of 8–30 words per section (the first one); query: the sentence
 *   without markup; needle: its first 60 characters;
 * - token: rare tokens: words with inner punctuation, digits or inner capitals (`pg_hba.conf`,
 *   `max_connections`, `useChat`, `v1.2.3`, `@ai-sdk/openai`), 5+ characters, found on 1–3 lines
 *   of the corpus; query and needle: the token.
 * A query's relevant segments are those whose text holds the needle (whitespace and case
 * normalized); queries with none or more than 4 relevant segments are dropped by the bench.
 */
export function deriveQueries(corpus: string, docs: SourceDoc[]): EvalQuery[] {
  const byFamily = new Map<Family, Array<{ query: string; needle: string }>>(
    families.map((f) => [f, []]),
  );
  const add = (family: Family, query: string, needle: string) =>
    byFamily.get(family)!.push({ query, needle: norm(needle) });

  // Titles unique in the corpus.
  const titles = new Map<string, string[]>();
  for (const d of docs)
    for (const s of sections(d.text))
      if (s.heading) {
        const q = headingOf(s.heading, true)!;
        const list = titles.get(q.toLowerCase()) ?? [];
        list.push(s.heading);
        titles.set(q.toLowerCase(), list);
      }
  for (const [, lines] of titles) {
    if (lines.length !== 1) continue;
    const q = headingOf(lines[0]!, true)!;
    if (q.length >= 4) add('title', q, lines[0]!);
  }

  // Sentences: the first 8–30 word prose sentence of each section.
  for (const d of docs)
    for (const s of sections(d.text)) {
      const sentence = s.prose
        .join(' ')
        .split(/(?<=[.!?])\s+/)
        .map(stripInline)
        .find((x) => {
          const n = x.split(/\s+/).length;
          return n >= 8 && n <= 30 && /^[A-Z]/.test(x);
        });
      if (sentence) add('sentence', sentence, sentence.slice(0, 60));
    }

  // Rarity: how many times the token or term occurs in the corpus (as a token or a set-apart term).
  const tokenRe =
    /(?<![\w@./-])(@?[A-Za-z][\w-]*(?:[./:_][\w-]+)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+_[A-Za-z0-9_]+|v?\d+\.\d+(?:\.\d+)+)(?![\w/-]|\.\w)/g;
  const isToken = (t: string) =>
    /^[^\s]+$/.test(t) && (/[./:_@]|\d/.test(t) || /[a-z][A-Z]/.test(t));
  const counts = new Map<string, number>();
  const count = (t: string) => counts.set(t.toLowerCase(), (counts.get(t.toLowerCase()) ?? 0) + 1);
  const tokens = new Set<string>();
  const terms = new Set<string>();
  for (const d of docs) {
    for (const m of d.text.matchAll(tokenRe)) {
      const t = m[1]!;
      count(t);
      if (t.length >= 5 && !/^https?|^www\./i.test(t) && !/^\/|\/$/.test(t)) tokens.add(t);
    }
    for (const m of d.text.matchAll(
      /\*\*([^*\n]+)\*\*|`([^`\n]+)`|(?<!\w)_([^_\n]+)_(?!\w)|"([^"\n]+)"|“([^”\n]+)”/g,
    )) {
      const t = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim();
      const words = t.split(/\s+/).length;
      if (t.length < 4 || t.length > 60 || words > 4 || !/[A-Za-z]{3}/.test(t)) continue;
      if (words === 1 && isToken(t)) continue;
      if (/[(){}=<>;]/.test(t)) continue;
      count(t);
      terms.add(t);
    }
  }
  const rare = (t: string) => (counts.get(t.toLowerCase()) ?? 0) <= 3;
  for (const t of [...tokens].sort()) if (rare(t)) add('token', t, t);
  for (const t of [...terms].sort()) if (rare(t)) add('index', stripInline(t), t);

  const out: EvalQuery[] = [];
  for (const family of families) {
    const seen = new Set<string>();
    const list = byFamily
      .get(family)!
      .filter((q) => !seen.has(q.query.toLowerCase()) && seen.add(q.query.toLowerCase()))
      .map((q) => ({ ...q, h: hashOf(`${corpus}|${family}|${q.query}`) }))
      .sort((a, b) => a.h - b.h || a.query.localeCompare(b.query));
    for (const half of ['tune', 'heldout'] as const) {
      const mine = list.filter((q) => (q.h % 2 === 0 ? 'tune' : 'heldout') === half);
      for (const q of mine.slice(0, PER_HALF))
        out.push({ family, query: q.query, needle: q.needle, half });
    }
  }
  return out;
}
