// Retrieval benchmarks, one JSON line per figure:
// 1. Quality over five corpora of different shapes (bench/retrievalCorpus.ts: an API reference,
//    narrative guides, question/answer pages, license texts with numbered clauses, the AI SDK docs;
//    all shipped in npm packages). Each corpus is split into segments by our chunker with the product
//    defaults, once with structure on (code blocks, tables, lists and clauses kept whole, each segment
//    with its heading path) and once off (the chunker before issue 31: sections at headings, then
//    fixed-size windows); both systems compared get the very same segments. Queries come from the
//    documents' text in four families (title, index term, sentence, rare token: how each is made is
//    written in retrievalCorpus.ts and docs/benchmarks.md), each split by a hash into a tune half and
//    a held-out half; the bench reports the held-out half (BENCH_EVAL_HALF=tune shows the other).
//    recall@4 (a relevant segment in the top 4) and MRR@4 per corpus and per family for
//    retrieveSegments (the function the retrieval test, the runtime and /v1/datasets/{id}/retrieve
//    use) and, in the same run, MiniSearch (a BM25 library, default tokenizer, the segments' text).
//    Goal: recall@4 ≥ 1.05× MiniSearch on every corpus, no family below 1.00×, held-out half.
// 2. Full-text latency p50/p95 at BENCH_RETRIEVAL_SEGMENTS (100000) segments made of the AI SDK
//    corpus's own sentences (seeded), title queries, on in-memory PGlite and, when one answers, on a
//    PostgreSQL server (BENCH_PG_URL, else TEST_DATABASE_URL, else the CI's local parley_test).
//    Goals: p95 ≤ 50 ms on PGlite, ≤ 20 ms on PostgreSQL.
// Knobs: BENCH_LATENCY_DB (pglite|postgres: one engine), BENCH_RETRIEVAL_SEGMENTS (100000), BENCH_QUERIES (200 latency queries), BENCH_EVAL_ONLY
// (quality|latency), BENCH_EVAL_CORPORA (reference,guides,faq,legal,sdk), BENCH_EVAL_HALF
// (heldout|tune), BENCH_EVAL_STRUCTURE (on,off), BENCH_EVAL_PER_HALF (150 queries per family and half), BENCH_EVAL_DIR (a folder of
// your own .md/.txt/.html documents, evaluated as one more corpus, 'own').
import pg from 'pg';
import MiniSearch from 'minisearch';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createBase } from '../apps/server/src/knowledge/retrievalFixture';
import { retrieveSegments } from '../apps/server/src/knowledge/retrieve';
import { chunkSettingsSchema } from '@parley/api-client';
import { chunkDocument, chunkDocumentStructured } from '../apps/server/src/knowledge/chunking';
import { joinHeadingPath } from '../apps/server/src/knowledge/worker';
import {
  corpusNames,
  families,
  loadCorpus,
  norm,
  type Chunker,
  type Corpus,
  type EvalQuery,
} from './retrievalCorpus';

const emit = (o: Record<string, unknown>) => console.log(JSON.stringify(o));
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r2 = (x: number) => Math.round(x * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const latencyScale = Number(process.env.BENCH_RETRIEVAL_SEGMENTS ?? 100000);
const latencyQueries = Number(process.env.BENCH_QUERIES ?? 200);
const only = process.env.BENCH_EVAL_ONLY; // quality only ('quality') or latency only ('latency')

// ---------- 1. quality ----------

const corporaWanted = (process.env.BENCH_EVAL_CORPORA ?? corpusNames.join(',')).split(',');
const halfWanted = process.env.BENCH_EVAL_HALF === 'tune' ? 'tune' : 'heldout';
const structuresWanted = (process.env.BENCH_EVAL_STRUCTURE ?? 'on,off').split(',');
type Scores = Record<string, { queries: number; recallAt4: number; mrrAt4: number }>;

function score(results: Array<{ q: EvalQuery; relevant: number[]; top: number[] }>): Scores {
  const out: Scores = {};
  for (const family of [...families, 'all'] as const) {
    const qs = results.filter((r) => family === 'all' || r.q.family === family);
    let hits = 0;
    let rr = 0;
    for (const { relevant, top } of qs) {
      const rank = top.slice(0, 4).findIndex((i) => relevant.includes(i));
      if (rank >= 0) {
        hits++;
        rr += 1 / (rank + 1);
      }
    }
    out[family] = {
      queries: qs.length,
      recallAt4: qs.length ? r3(hits / qs.length) : 0,
      mrrAt4: qs.length ? r3(rr / qs.length) : 0,
    };
  }
  return out;
}

const chunkers: Record<string, Chunker> = {
  on: (text, settings, name) =>
    chunkDocumentStructured(text, settings, name).map((s) => ({
      content: s.content,
      headingPath: joinHeadingPath(s.headingPath),
    })),
  off: (text, settings) => chunkDocument(text, settings).map((content) => ({ content })),
};

async function evaluate(database: Database, corpus: Corpus, structure: string) {
  const settings = chunkSettingsSchema.parse({});
  const docs = corpus.docs.map((d) => ({
    name: d.name,
    segments: chunkers[structure]!(d.text, settings, d.name),
  }));
  const flat = docs.flatMap((d) => d.segments);
  const normed = flat.map((s) => norm(s.content));
  const asked = corpus.queries
    .filter((q) => q.half === halfWanted)
    .map((q) => ({ q, relevant: normed.flatMap((c, i) => (c.includes(q.needle) ? [i] : [])) }))
    .filter((x) => x.relevant.length >= 1 && x.relevant.length <= 4);

  const { db } = database;
  const base = await createBase(db);
  const idToIndex = new Map<string, number>();
  let next = 0;
  for (const d of docs) {
    if (!d.segments.length) continue;
    const { segmentIds } = await base.addDocument(d.name, d.segments);
    for (const id of segmentIds) idToIndex.set(id, next++);
  }
  await db.execute(sql.raw('ANALYZE'));
  const input = (query: string) => ({
    organizationId: base.organizationId,
    knowledgeBaseIds: [base.knowledgeBaseId],
    query,
  });
  const run = async (fn: (q: string) => Promise<number[]> | number[]) => {
    const results: Array<{ q: EvalQuery; relevant: number[]; top: number[] }> = [];
    for (const { q, relevant } of asked) results.push({ q, relevant, top: await fn(q.query) });
    return score(results);
  };
  const mini = new MiniSearch<{ id: number; content: string }>({ fields: ['content'] });
  mini.addAll(flat.map((s, id) => ({ id, content: s.content })));
  const peer = await run((q) =>
    mini
      .search(q)
      .slice(0, 4)
      .map((r) => Number(r.id)),
  );
  const ours = await run(async (q) =>
    (await retrieveSegments(db, input(q))).map((s) => idToIndex.get(s.id)!),
  );
  const familyRatios = Object.fromEntries(
    families.map((f) => [
      f,
      peer[f]!.recallAt4 ? r3(ours[f]!.recallAt4 / peer[f]!.recallAt4) : null,
    ]),
  );
  const ratio = r3(ours.all!.recallAt4 / peer.all!.recallAt4);
  emit({
    bench: 'retrieval-quality',
    name: `${corpus.name}-structure-${structure}`,
    corpus: corpus.description,
    documents: docs.length,
    segments: flat.length,
    half: halfWanted,
    structure,
    figure: `retrieveSegments vs MiniSearch (BM25) on the same segments, ${halfWanted} queries`,
    value: ours.all!.recallAt4,
    unit: 'recall@4',
    mrrAt4: ours.all!.mrrAt4,
    peer: 'minisearch',
    peerValue: peer.all!.recallAt4,
    peerMrrAt4: peer.all!.mrrAt4,
    ratio,
    familyRatios,
    goal: 'ratio ≥ 1.05, no family ratio below 1',
    families: ours,
    peerFamilies: peer,
  });
  return { ratio, familyRatios, recall: ours.all!.recallAt4 };
}

if (only !== 'latency') {
  // One database, one knowledge base per corpus and structure setting.
  const database = await openDatabase({});
  const summary: Record<string, Record<string, unknown>> = {};
  for (const name of corporaWanted) {
    const corpus = loadCorpus(name);
    for (const structure of structuresWanted) {
      const start = performance.now();
      const r = await evaluate(database, corpus, structure);
      console.error(
        `  ${name} structure ${structure}: ${r2((performance.now() - start) / 1000)} s`,
      );
      (summary[structure] ??= {})[name] = r;
    }
  }
  await database.close();
  for (const [structure, byCorpus] of Object.entries(summary)) {
    const rs = Object.values(byCorpus) as Array<{
      ratio: number;
      familyRatios: Record<string, number | null>;
    }>;
    const fam = rs.flatMap((r) =>
      Object.values(r.familyRatios).filter((x): x is number => x !== null),
    );
    emit({
      bench: 'retrieval-quality',
      name: `summary-structure-${structure}`,
      half: halfWanted,
      figure: 'lowest corpus ratio and lowest family ratio (recall@4, ours / MiniSearch)',
      value: Math.min(...rs.map((r) => r.ratio)),
      unit: 'ratio',
      lowestFamilyRatio: Math.min(...fam),
      goal: 'value ≥ 1.05, lowestFamilyRatio ≥ 1',
    });
  }
}

// ---------- 2. latency at scale ----------

/** The AI SDK corpus's segments (product chunker) and title queries, both halves. */
const latencyCorpus = (() => {
  if (only === 'quality') return { flat: [] as string[], queries: [] as EvalQuery[] };
  const c = loadCorpus('sdk');
  const settings = chunkSettingsSchema.parse({});
  return { flat: c.docs.flatMap((d) => chunkDocument(d.text, settings)), queries: c.queries };
})();

/** The retrieval as it was before issue 17 (the latency part's reference). */
async function previousRetrieval(db: Database['db'], kbId: string, query: string) {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 32);
  if (!words.length) return [];
  const or = words.join(' | ');
  const and = words.join(' & ');
  const ranked = async (match: string) =>
    rowsOf(
      await db.execute(sql`
        SELECT s.id FROM segments s
        WHERE s.knowledge_base_id = ${kbId}::uuid
          AND s.tsv @@ to_tsquery('english', ${match})
        ORDER BY s.tsv @@ to_tsquery('english', ${and}) DESC,
                 ts_rank_cd(s.tsv, to_tsquery('english', ${match})) DESC, s.position ASC
        LIMIT 4`),
    ).map((r) => String(r.id));
  const all = await ranked(and);
  return all.length >= 4 || and === or ? all : ranked(or);
}

/** `n` passages of 3–8 of the corpus's own sentences each (seeded), in one completed document. */
function scaledPassages(n: number) {
  const sentences = latencyCorpus.flat
    .flatMap((s) => s.split(/(?<=[.!?])\s+|\n+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
  let a = 42;
  const rng = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () =>
    Array.from(
      { length: 3 + Math.floor(rng() * 6) },
      () => sentences[Math.floor(rng() * sentences.length)]!,
    ).join(' '),
  );
}

async function latency(kind: 'pglite' | 'postgres', database: Database) {
  const { db } = database;
  const base = await createBase(db);
  const start = performance.now();
  await base.addDocument('scaled.md', scaledPassages(latencyScale));
  const seedSeconds = r2((performance.now() - start) / 1000);
  // What autovacuum does soon after a bulk insert (PostgreSQL 13+ vacuums on inserts too): the
  // statistics and the visibility map, so a measured query does not pay for the load's first
  // reads of fresh pages (hint bits) or run while autovacuum works on the table.
  await db.execute(sql.raw('VACUUM ANALYZE'));
  const queries = latencyCorpus.queries.filter((q) => q.family === 'title').map((q) => q.query);
  const input = (query: string) => ({
    organizationId: base.organizationId,
    knowledgeBaseIds: [base.knowledgeBaseId],
    query,
  });
  // Two callers: the agent runtime (what a chat waits for: its passages' hit counts are written
  // after the answer, `hitCounts: 'background'`, so here they run alongside the next query) and
  // the console's retrieval test and /v1 retrieve (they wait for the hit counts' write).
  const once = async (q: string, hitCounts: 'background' | 'wait') => {
    const begin = performance.now();
    const found = await retrieveSegments(db, input(q), null, {
      hitCounts,
      onHitCountError: (e) => console.error(e),
    });
    return { ms: performance.now() - begin, found: found.length };
  };
  const query = (i: number) => queries[(i * 7) % queries.length]!;
  // The first pass over the queries, from cold caches (each word's document frequency is counted
  // once and kept a minute): reported apart.
  const cold: number[] = [];
  for (let i = 0; i < latencyQueries; i++) cold.push((await once(query(i), 'background')).ms);
  // Then the steady state of a base in use, both callers interleaved query by query (the same
  // caches and the same machine moments for both).
  const times: number[] = [];
  const awaited = { times: [] as number[] };
  let results = 0;
  for (let i = 0; i < latencyQueries; i++) {
    const runtime = await once(query(i), 'background');
    times.push(runtime.ms);
    results += runtime.found;
    awaited.times.push((await once(query(i), 'wait')).ms);
  }
  await new Promise((settle) => setTimeout(settle, 500)); // the last background writes land
  // Peer in the same run: the retrieval before issue 17, on the first queries (it is slow here).
  const peerTimes: number[] = [];
  for (let i = 0; i < Math.min(latencyQueries, 60); i++) {
    const q = queries[(i * 7) % queries.length]!;
    const begin = performance.now();
    await previousRetrieval(db, base.knowledgeBaseId, q);
    peerTimes.push(performance.now() - begin);
  }
  for (const p of [50, 95]) {
    emit({
      bench: 'retrieval-latency',
      name: `full-text-${kind}-${latencyScale}`,
      figure: `retrieveSegments as the agent runtime calls it (hit counts after the answer), full-text, ${latencyScale} segments of corpus sentences, title queries, steady state (coldPass: the first pass), ${kind}, p${p}`,
      value: r2(pct(times, p)),
      unit: 'ms',
      goal: kind === 'pglite' ? 50 : 20,
      queries: latencyQueries,
      avgResults: r2(results / latencyQueries),
      seedSeconds,
      peer: 'the retrieval before issue 17 (same database, same queries; its top 4 without hit counts)',
      peerValue: r2(pct(peerTimes, p)),
      peerQueries: peerTimes.length,
      ratio: r2(pct(times, p) / pct(peerTimes, p)),
      coldPass: r2(pct(cold, p)),
    });
    emit({
      bench: 'retrieval-latency',
      name: `full-text-${kind}-${latencyScale}-hit-counts-awaited`,
      figure: `retrieveSegments as the retrieval test and /v1 retrieve call it (hit counts written before the answer), ${latencyScale} segments, title queries, ${kind}, p${p}`,
      value: r2(pct(awaited.times, p)),
      unit: 'ms',
      goal: kind === 'pglite' ? 50 : 20,
      queries: latencyQueries,
      peer: 'the retrieval before issue 17 (same database, same queries; its top 4 without hit counts)',
      peerValue: r2(pct(peerTimes, p)),
      ratio: r2(pct(awaited.times, p) / pct(peerTimes, p)),
    });
  }
}

// BENCH_LATENCY_DB=pglite|postgres measures on one engine only.
const latencyDb = process.env.BENCH_LATENCY_DB;
if (only !== 'quality' && latencyDb !== 'postgres') {
  const database = await openDatabase({});
  await latency('pglite', database);
  await database.close();
}

const pgBase =
  process.env.BENCH_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://parley:parley@localhost:5432/parley_test';
const admin = new pg.Client({ connectionString: pgBase });
const reachable =
  only !== 'quality' &&
  latencyDb !== 'pglite' &&
  (await admin.connect().then(
    () => true,
    () => false,
  ));
if (reachable) {
  const name = `parley_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await latency('postgres', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
} else if (only !== 'quality') {
  emit({
    bench: 'retrieval-latency',
    name: `full-text-postgres-${latencyScale}`,
    value: null,
    note: `skipped: no PostgreSQL at ${new URL(pgBase).host}`,
  });
}
