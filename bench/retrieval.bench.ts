// Retrieval benchmarks, one JSON line per figure:
// 1. Quality on a real documentation corpus (bench/retrievalCorpus.ts: the Vercel AI SDK docs that
//    ship in node_modules/ai/docs, split by our chunker with the product defaults; ~3,000 queries
//    derived from it in four families: titles, sentences, dotted/slashed tokens, camelCase
//    identifiers). recall@4 (a relevant segment in the top 4) and MRR@4 per family and overall for
//    retrieveSegments (the function the retrieval test, the runtime and /v1/datasets/{id}/retrieve
//    use), in the same run for MiniSearch (a BM25 library) ranking the very same segments, and for
//    the previous retrieval (ts_rank_cd, every word first, position as tie-break) as a reference.
//    Goal: recall@4 ≥ 1.05× MiniSearch overall, no family below it.
// 2. Full-text latency p50/p95 at BENCH_RETRIEVAL_SEGMENTS (100000) segments made of the corpus's
//    own sentences (seeded), title queries, on in-memory PGlite and, when one answers, on a
//    PostgreSQL server (BENCH_PG_URL, else TEST_DATABASE_URL, else the CI's local parley_test).
//    Goals: p95 ≤ 50 ms on PGlite, ≤ 20 ms on PostgreSQL.
// Knobs: BENCH_RETRIEVAL_SEGMENTS (100000), BENCH_QUERIES (200 latency queries), BENCH_EVAL_HYBRID,
// BENCH_EVAL_EVERY (every n-th quality query), BENCH_EVAL_ONLY (quality|latency), BENCH_EVAL_VARIANTS
// (ours,bm25-only,previous,hybrid: which of ours the quality part runs).
import pg from 'pg';
import MiniSearch from 'minisearch';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { ensureEmbeddingTable, vectorLiteral } from '../apps/server/src/knowledge/embeddings';
import { createBase } from '../apps/server/src/knowledge/retrievalFixture';
import {
  retrieveSegments,
  type RetrievalOptions,
  type VectorIndex,
} from '../apps/server/src/knowledge/retrieve';
import { fakeEmbedding } from '../apps/server/test/fakeProviders';
import { loadCorpus, type EvalQuery } from './retrievalCorpus';

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
/** Every n-th derived query is asked (1: all of them). */
const evalEvery = Number(process.env.BENCH_EVAL_EVERY ?? 1);
const only = process.env.BENCH_EVAL_ONLY; // quality only ('quality') or latency only ('latency')
/** Which of our variants the quality part runs (all by default): ours,bm25-only,previous,hybrid. */
const variantsWanted = new Set(
  (process.env.BENCH_EVAL_VARIANTS ?? 'ours,bm25-only,previous,hybrid').split(','),
);

// ---------- 1. quality ----------

const corpus = loadCorpus();
const evalQueries = corpus.queries.filter((_, i) => i % evalEvery === 0);
const families = ['title', 'sentence', 'token', 'identifier'] as const;

/** The retrieval as it was before issue 17 (kept here as the reference it is measured against). */
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

function score(results: Map<EvalQuery, number[]>) {
  const out: Record<string, { queries: number; recallAt4: number; mrrAt4: number }> = {};
  for (const family of [...families, 'all'] as const) {
    const qs = [...results].filter(([q]) => family === 'all' || q.family === family);
    let hits = 0;
    let rr = 0;
    for (const [q, top] of qs) {
      const rank = top.slice(0, 4).findIndex((i) => q.relevant.includes(i));
      if (rank >= 0) {
        hits++;
        rr += 1 / (rank + 1);
      }
    }
    out[family] = {
      queries: qs.length,
      recallAt4: r3(hits / qs.length),
      mrrAt4: r3(rr / qs.length),
    };
  }
  return out;
}

if (only !== 'latency') {
  const database = await openDatabase({});
  const { db } = database;
  const base = await createBase(db, 'high_quality');
  const idToIndex = new Map<string, number>();
  let next = 0;
  for (const d of corpus.docs) {
    const { segmentIds } = await base.addDocument(d.name, d.segments);
    for (const id of segmentIds) idToIndex.set(id, next++);
  }
  await db.execute(sql.raw('ANALYZE'));
  const input = (query: string) => ({
    organizationId: base.organizationId,
    knowledgeBaseIds: [base.knowledgeBaseId],
    query,
  });
  const toIndexes = (ids: string[]) => ids.map((id) => idToIndex.get(id)!);

  const run = async (fn: (q: string) => Promise<number[]> | number[]) => {
    const results = new Map<EvalQuery, number[]>();
    const start = performance.now();
    for (const q of evalQueries) results.set(q, await fn(q.query));
    console.error(`  ${evalQueries.length} queries in ${r2((performance.now() - start) / 1000)} s`);
    return score(results);
  };
  const ours = (options: RetrievalOptions, vector: VectorIndex | null = null) =>
    run(async (q) =>
      toIndexes((await retrieveSegments(db, input(q), vector, options)).map((s) => s.id)),
    );

  const mini = new MiniSearch<{ id: number; content: string }>({ fields: ['content'] });
  mini.addAll(corpus.flat.map((s, id) => ({ id, content: s.content })));
  const bm25 = await run((q) =>
    mini
      .search(q)
      .slice(0, 4)
      .map((r) => Number(r.id)),
  );
  const variants: Array<[string, string, Awaited<ReturnType<typeof run>>]> = [];
  if (variantsWanted.has('ours'))
    variants.push([
      'ours',
      'retrieveSegments, full-text (economy): BM25 over capped candidates, every-word passages first',
      await ours({}),
    ]);
  if (variantsWanted.has('bm25-only'))
    variants.push([
      'ours-bm25-only',
      'the same without ranking passages holding every query word first',
      await ours({ allWordsFirst: false }),
    ]);
  if (variantsWanted.has('previous'))
    variants.push([
      'previous',
      'the retrieval before issue 17 (ts_rank_cd, every word first, position tie-break)',
      await run(async (q) => toIndexes(await previousRetrieval(db, base.knowledgeBaseId, q))),
    ]);
  const common = {
    bench: 'retrieval-quality',
    corpus: `Vercel AI SDK docs (npm ai, ${corpus.docs.length} files in node_modules/ai/docs)`,
    segments: corpus.flat.length,
  };
  emit({
    ...common,
    name: 'minisearch',
    figure: 'MiniSearch 7 (BM25, default tokenizer) over the same segments',
    value: bm25.all!.recallAt4,
    unit: 'recall@4',
    families: bm25,
  });
  const report = (name: string, figure: string, s: Awaited<ReturnType<typeof run>>) => {
    const perFamily = Object.fromEntries(
      families.map((f) => [f, r3(s[f]!.recallAt4 / bm25[f]!.recallAt4)]),
    );
    emit({
      ...common,
      name,
      figure,
      value: s.all!.recallAt4,
      unit: 'recall@4',
      mrrAt4: s.all!.mrrAt4,
      peer: 'minisearch',
      peerValue: bm25.all!.recallAt4,
      ratio: r3(s.all!.recallAt4 / bm25.all!.recallAt4),
      familyRatios: perFamily,
      goal: 'ratio ≥ 1.05, no family ratio below 1',
      families: s,
    });
  };
  for (const [name, figure, s] of variants) report(name, figure, s);
  if (process.env.BENCH_EVAL_HYBRID !== '0' && variantsWanted.has('hybrid')) {
    // Hybrid as a high_quality base runs it, with the tests' fake embedding (a hashed bag of words,
    // 1536-d) computed in process: full-text and vector lists fused by reciprocal rank.
    // Bulk load, then the server's own DDL builds the HNSW index (faster than insert by insert).
    await ensureEmbeddingTable(db, 1536);
    await db.execute(sql.raw('DROP INDEX IF EXISTS segment_embeddings_hnsw'));
    for (const [id] of idToIndex) {
      const content = corpus.flat[idToIndex.get(id)!]!.content;
      await db.execute(sql`INSERT INTO segment_embeddings (segment_id, knowledge_base_id, embedding)
        VALUES (${id}::uuid, ${base.knowledgeBaseId}::uuid, ${vectorLiteral(fakeEmbedding(content))}::vector)`);
    }
    await ensureEmbeddingTable(db, 1536);
    const vector: VectorIndex = {
      embedder: {
        model: 'fake',
        dimensions: 1536,
        embed: async (v) => fakeEmbedding(v),
        embedMany: async (vs) => vs.map(fakeEmbedding),
      },
    };
    report(
      'ours-hybrid',
      'retrieveSegments, hybrid (high_quality: full-text + pgvector with the fake embedding, RRF)',
      await ours({}, vector),
    );
  }
  await database.close();
}

// ---------- 2. latency at scale ----------

/** `n` passages of 3–8 of the corpus's own sentences each (seeded), in one completed document. */
function scaledPassages(n: number) {
  const sentences = corpus.flat
    .flatMap((s) => s.content.split(/(?<=[.!?])\s+|\n+/))
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
  await db.execute(sql.raw('ANALYZE'));
  const queries = corpus.queries.filter((q) => q.family === 'title').map((q) => q.query);
  const input = (query: string) => ({
    organizationId: base.organizationId,
    knowledgeBaseIds: [base.knowledgeBaseId],
    query,
  });
  for (const q of queries.slice(0, 10)) await retrieveSegments(db, input(q)); // warm-up
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < latencyQueries; i++) {
    const q = queries[(i * 7) % queries.length]!;
    const begin = performance.now();
    results += (await retrieveSegments(db, input(q))).length;
    times.push(performance.now() - begin);
  }
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
      figure: `retrieveSegments, full-text, ${latencyScale} segments of corpus sentences, title queries, ${kind}, p${p}`,
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
    });
  }
}

if (only !== 'quality') {
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
