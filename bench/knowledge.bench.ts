// Knowledge pipeline benchmarks, one JSON line per figure:
// 1. Chunking throughput (MB/s) of our structure-aware chunker (splitSections + chunkSection over
//    cleaned text, as chunkDocument runs them) against LangChain's RecursiveCharacterTextSplitter
//    (markdown separators) on the same seeded ~10 MB markdown corpus, same chunk size and overlap;
//    also chunkDocument including its cleaning pass; and the ratios ours/langchain.
// 2. Retrieval latency p50/p95 through retrieveSegments (the function /v1/chat-messages and
//    test-retrieval use) at 10k and 100k segments on in-memory PGlite: full-text (economy) and, where
//    pgvector is there, hybrid (full-text + vector, fused by rank) over random embeddings, the query
//    embedded by a local OpenAI-compatible embeddings server. Each scale runs on a fresh server and is
//    measured as a PGlite server runs (never analyzed: PGlite has no autovacuum), then after ANALYZE.
// 3. End-to-end ingestion of 100 text documents over HTTP (POST → worker → 'completed'); the peer is
//    writing the same texts as raw rows (one unchunked segment each) straight through drizzle.
// 4. /healthz p95 while one 10 MB document is uploaded and indexed (goal ≤ 100 ms), against the
//    same server idle (the peer), probed one request after another.
// Knobs: BENCH_CORPUS_MB (10), BENCH_SEGMENTS (10000,100000), BENCH_HYBRID_MAX (10000: building the
// HNSW index at 1536 dimensions costs ~9 ms a vector on PGlite), BENCH_QUERIES (60), BENCH_DOCS (100).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { chunkSettingsSchema } from '@parley/api-client';
import { sql } from 'drizzle-orm';
import { createServer } from '../apps/server/src/server';
import { documents, segments } from '../apps/server/src/db/schema';
import {
  chunkDocument,
  chunkSection,
  cleanText,
  splitSections,
  wordCount,
} from '../apps/server/src/knowledge/chunking';
import { embedderFrom, ensureEmbeddingTable } from '../apps/server/src/knowledge/embeddings';
import { retrieveSegments, type VectorIndex } from '../apps/server/src/knowledge/retrieve';
import { startFakeProvider } from '../apps/server/test/fakeProviders';
import { largeMarkdown, probeHealthz } from '../apps/server/test/largeText';
import { benchSession } from './benchSession';

const corpusMB = Number(process.env.BENCH_CORPUS_MB ?? 10);
const scales = (process.env.BENCH_SEGMENTS ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const hybridMax = Number(process.env.BENCH_HYBRID_MAX ?? 10000);
const queryRuns = Number(process.env.BENCH_QUERIES ?? 60);
const docCount = Number(process.env.BENCH_DOCS ?? 100);

const emit = (o: Record<string, unknown>) => console.log(JSON.stringify(o));
const r2 = (x: number) => Math.round(x * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

// ---------- a deterministic markdown-ish text generator (seeded) ----------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const functionWords = `the a of to and in is for on with that this be are by or from as at it your
  you can not an will have we our if when which each all more any after before into than then also
  only other`.split(/\s+/);
const domainWords = `account password reset billing invoice payment refund order shipping delivery
  return warranty support ticket agent customer clinic appointment doctor patient parking saturday
  sunday monday hours open close schedule booking cancel change update email phone address contact
  team manager setting feature plan price subscription trial upgrade downgrade device app browser
  login security privacy data export import report dashboard user role permission admin integration
  webhook api key token limit error message notification reminder calendar location office branch
  store product service policy document guide step option default custom template workflow rule
  automation chat voice call recording transcript language translation knowledge base article search
  answer question`.split(/\s+/);

class TextGen {
  private rng: () => number;
  private vocab: string[];
  private cdf: number[];

  constructor(seed: number) {
    // One vocabulary for every generator (corpus, segments, questions); the seed picks the text.
    const vocabRng = mulberry32(1);
    this.rng = mulberry32(seed);
    const syllables = 'ka lo mi ne ru sa ti vo pe da gri tam bel mor fen sil quo zan tri ble'.split(
      ' ',
    );
    const invented = new Set<string>();
    while (invented.size < 6000) {
      const n = 2 + Math.floor(vocabRng() * 3);
      let w = '';
      for (let i = 0; i < n; i++) w += syllables[Math.floor(vocabRng() * syllables.length)];
      invented.add(w);
    }
    this.vocab = [...functionWords, ...domainWords, ...invented];
    // Zipf-like word frequencies, as in real prose.
    let total = 0;
    this.cdf = this.vocab.map((_, r) => (total += 1 / Math.pow(r + 1, 1.05)));
    this.cdf = this.cdf.map((c) => c / total);
  }

  int(min: number, max: number) {
    return min + Math.floor(this.rng() * (max - min + 1));
  }
  word(from = 0) {
    const x = this.cdf[from - 1] ?? 0;
    const target = x + this.rng() * (1 - x);
    let lo = from;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return this.vocab[lo]!;
  }
  words(n: number, from = 0) {
    return Array.from({ length: n }, () => this.word(from)).join(' ');
  }
  sentence() {
    const s = this.words(this.int(6, 22));
    const end = this.rng() < 0.08 ? '?' : '.';
    return s[0]!.toUpperCase() + s.slice(1) + end;
  }
  paragraph() {
    return Array.from({ length: this.int(2, 7) }, () => this.sentence()).join(' ');
  }
  list() {
    const numbered = this.rng() < 0.35;
    return Array.from(
      { length: this.int(3, 8) },
      (_, i) => `${numbered ? `${i + 1}.` : '-'} ${this.sentence()}`,
    ).join('\n');
  }
  section() {
    const level = this.int(1, 3);
    const title = this.words(this.int(2, 5), functionWords.length);
    const blocks = Array.from({ length: this.int(1, 6) }, () =>
      this.rng() < 0.75 ? this.paragraph() : this.list(),
    );
    return `${'#'.repeat(level)} ${title[0]!.toUpperCase()}${title.slice(1)}\n\n${blocks.join('\n\n')}`;
  }
  document(chars: number) {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const s = this.section();
      parts.push(s);
      length += s.length + 2;
    }
    return parts.join('\n\n');
  }
  /** A segment-like passage of `min`..`max` characters. */
  passage(min: number, max: number) {
    const target = this.int(min, max);
    let out = '';
    while (out.length < target) out += (out ? ' ' : '') + this.sentence();
    return out;
  }
  /** A user question: content words only (a query of stop words alone finds nothing). */
  question() {
    return `How do I ${this.words(this.int(2, 4), functionWords.length)}?`;
  }
}

// ---------- 1. chunking throughput ----------

const settings = chunkSettingsSchema.parse({}); // the product defaults
const corpus = cleanText(new TextGen(42).document(corpusMB * 1e6), settings);
const corpusBytes = Buffer.byteLength(corpus);
const overlapChars = Math.floor((settings.chunkSize * settings.chunkOverlap) / 100);
const splitter = RecursiveCharacterTextSplitter.fromLanguage('markdown', {
  chunkSize: settings.chunkSize,
  chunkOverlap: overlapChars,
});

async function throughput(run: () => string[] | Promise<string[]>, repeats = 5) {
  let chunks = await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    chunks = await run();
    times.push(performance.now() - start);
  }
  const ms = pct(times, 50);
  return {
    mbPerSec: r2(corpusBytes / 1e6 / (ms / 1000)),
    seconds: r2(ms / 1000),
    chunks: chunks.length,
    avgChunkChars: Math.round(chunks.reduce((a, c) => a + c.length, 0) / chunks.length),
    maxChunkChars: chunks.reduce((a, c) => Math.max(a, c.length), 0),
  };
}

const chunking = {
  bench: 'knowledge-chunking',
  corpusMB: r2(corpusBytes / 1e6),
  chunkSize: settings.chunkSize,
  chunkOverlapChars: overlapChars,
};
const ours = await throughput(() =>
  splitSections(corpus, settings).flatMap((s) =>
    chunkSection(s, settings.chunkSize, settings.chunkOverlap),
  ),
);
emit({
  ...chunking,
  name: 'ours',
  figure: 'splitSections + chunkSection over the cleaned corpus (chunkDocument minus cleanText)',
  ...ours,
  settings,
});
const oursWithCleaning = await throughput(() => chunkDocument(corpus, settings));
emit({
  ...chunking,
  name: 'ours-with-cleaning',
  figure: 'chunkDocument: cleanText + splitSections + chunkSection (what ingestion runs)',
  ...oursWithCleaning,
});
const langchain = await throughput(() => splitter.splitText(corpus));
emit({
  ...chunking,
  name: 'langchain',
  figure: "@langchain/textsplitters RecursiveCharacterTextSplitter.fromLanguage('markdown')",
  ...langchain,
});
emit({
  ...chunking,
  name: 'ratio',
  figure: 'throughput ours / langchain (>1: ours is faster)',
  value: r2(ours.mbPerSec / langchain.mbPerSec),
  unit: 'x',
  withCleaningRatio: r2(oursWithCleaning.mbPerSec / langchain.mbPerSec),
});

// ---------- the real server on in-memory PGlite (a fresh one per phase) ----------

const fake = await startFakeProvider(); // OpenAI wire format, incl. POST /v1/embeddings
const env = {
  PARLEY_RATE_LIMIT_PER_IP: '1000000',
  PARLEY_RATE_LIMIT_PER_KEY: '1000000',
  EMBEDDING_BASE_URL: `${fake.url}/v1`,
  EMBEDDING_API_KEY: 'sk-bench',
};
// The same VectorIndex the server builds from this env (embedding provider + pgvector).
const embedder = embedderFrom(env)!;

async function startServer() {
  const { app, database } = await createServer({
    dataDir: null,
    logLevel: 'silent',
    secret: 'c3f1a9e27b4d8e06f5a2c9b1d7e4f80a',
    baseURL: 'http://127.0.0.1',
    env,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = await benchSession(origin);
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`bench: ${res.status} from ${method} ${path}: ${await res.text()}`);
    return (await res.json()) as T;
  }
  const orgId = (
    await call<{ data: { orgId: string } }>('POST', '/api/org/create-org', { orgName: 'Bench' })
  ).data.orgId;
  const vector: VectorIndex | null = database.hasVector ? { embedder } : null;
  return {
    db: database.db,
    vector,
    call,
    origin,
    cookie: headers.Cookie,
    orgId,
    close: async () => {
      server.close();
      await database.close();
    },
  };
}

// ---------- 3. end-to-end ingestion ----------

{
  const docGen = new TextGen(7);
  const docs = Array.from({ length: docCount }, (_, i) => ({
    name: `doc-${i + 1}.md`,
    content: docGen.document(docGen.int(4000, 16000)),
  }));
  const docsMB = docs.reduce((a, d) => a + Buffer.byteLength(d.content), 0) / 1e6;
  const { db, call, orgId, close } = await startServer();
  const kb = await call<{ id: string }>('POST', '/api/knowledge-bases', {
    name: 'Ingestion bench',
    indexingTechnique: 'economy',
  });
  const start = performance.now();
  for (const d of docs) {
    await call('POST', `/api/knowledge-bases/${kb.id}/documents`, {
      ...d,
      indexingTechnique: 'economy',
    });
  }
  const postedMs = performance.now() - start;
  const listDocs = () =>
    call<Array<{ status: string }>>('GET', `/api/knowledge-bases/${kb.id}/documents`);
  let list = await listDocs();
  while (list.length < docCount || list.some((d) => d.status === 'indexing')) {
    await new Promise((r) => setTimeout(r, 25));
    list = await listDocs();
  }
  const totalMs = performance.now() - start;
  const failed = list.filter((d) => d.status !== 'completed').length;
  if (failed) throw new Error(`bench: ${failed} documents did not complete`);
  const segmentCount = Number(
    rowsOf(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM segments WHERE knowledge_base_id = ${kb.id}::uuid`,
      ),
    )[0]!.n,
  );

  // Peer: the same texts as raw rows, no parsing or chunking (one unchunked segment per document).
  const raw = await call<{ id: string }>('POST', '/api/knowledge-bases', {
    name: 'Raw rows peer',
    indexingTechnique: 'economy',
  });
  const rawStart = performance.now();
  for (const d of docs) {
    const [row] = await db
      .insert(documents)
      .values({
        knowledgeBaseId: raw.id,
        organizationId: orgId,
        name: d.name,
        sourceType: 'text',
        content: d.content,
        status: 'completed',
        indexingTechnique: 'economy',
        chunkSettings: settings,
      })
      .returning({ id: documents.id });
    await db.insert(segments).values({
      documentId: row!.id,
      knowledgeBaseId: raw.id,
      position: 1,
      content: d.content,
      wordCount: wordCount(d.content),
    });
  }
  const rawMs = performance.now() - rawStart;
  emit({
    bench: 'knowledge-ingestion',
    figure: `${docCount} text documents over HTTP until all 'completed' (economy, default chunk settings)`,
    value: r2(totalMs / 1000),
    unit: 's',
    docsPerSec: r2(docCount / (totalMs / 1000)),
    postsDoneSeconds: r2(postedMs / 1000),
    documents: docCount,
    totalMB: r2(docsMB),
    segments: segmentCount,
    peer: 'the same texts inserted as raw rows via drizzle (document + one unchunked segment each)',
    peerValue: r2(rawMs / 1000),
    peerDocsPerSec: r2(docCount / (rawMs / 1000)),
  });
  await close();
}

// ---------- 4. /healthz while a 10 MB document is indexed ----------

{
  const { call, origin, cookie, close } = await startServer();
  const kb = await call<{ id: string }>('POST', '/api/knowledge-bases', {
    name: 'Stall bench',
    indexingTechnique: 'economy',
  });
  const idle = probeHealthz(origin);
  await new Promise((r) => setTimeout(r, 5000));
  const idleFigures = await idle.stop();
  const busy = probeHealthz(origin);
  const start = performance.now();
  const form = new FormData();
  form.set('file', new Blob([largeMarkdown(10_000_000)]), 'handbook.md');
  form.set('indexingTechnique', 'economy');
  const res = await fetch(`${origin}/api/knowledge-bases/${kb.id}/documents/file`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: origin },
    body: form,
  });
  if (!res.ok) throw new Error(`bench: upload ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const docs = await call<Array<{ id: string; status: string }>>(
      'GET',
      `/api/knowledge-bases/${kb.id}/documents`,
    );
    const status = docs.find((d) => d.id === id)?.status;
    if (status === 'completed') break;
    if (status === 'error') throw new Error('bench: the 10 MB document ended in error');
    await new Promise((r) => setTimeout(r, 250));
  }
  const ingestSeconds = r2((performance.now() - start) / 1000);
  const busyFigures = await busy.stop();
  emit({
    bench: 'knowledge-healthz-during-ingestion',
    figure: '/healthz p95 while a 10 MB markdown file is uploaded and indexed (goal ≤ 100 ms)',
    value: r2(busyFigures.p95),
    unit: 'ms',
    p50: r2(busyFigures.p50),
    max: r2(busyFigures.max),
    probes: busyFigures.n,
    ingestSeconds,
    peer: 'the same server idle, same probe',
    peerValue: r2(idleFigures.p95),
    peerP50: r2(idleFigures.p50),
  });
  await close();
}

// ---------- 2. retrieval latency ----------

const queries = (() => {
  const g = new TextGen(99);
  return Array.from({ length: 40 }, () => g.question());
})();

let embedPeer: number[] | null = null;
async function embedLatencies() {
  if (!embedPeer) {
    for (const q of queries.slice(0, 5)) await embedder.embed(q); // warm-up
    embedPeer = [];
    for (let i = 0; i < queryRuns; i++) {
      const start = performance.now();
      await embedder.embed(queries[i % queries.length]!);
      embedPeer.push(performance.now() - start);
    }
  }
  return embedPeer;
}

for (const n of scales) {
  const { db, vector, call, orgId, close } = await startServer();
  const kb = await call<{ id: string }>('POST', '/api/knowledge-bases', {
    name: `Retrieval ${n}`,
    indexingTechnique: 'economy',
  });
  const setTechnique = async (technique: 'economy' | 'high_quality') => {
    await db.execute(
      sql`UPDATE knowledge_bases SET indexing_technique = ${technique} WHERE id = ${kb.id}::uuid`,
    );
    await db.execute(
      sql`UPDATE documents SET indexing_technique = ${technique} WHERE knowledge_base_id = ${kb.id}::uuid`,
    );
  };

  // n segments of 300–1000 characters in one completed document, in batches of 5000 rows.
  let start = performance.now();
  const gen = new TextGen(1234);
  const docId = String(
    rowsOf(
      await db.execute(sql`
        INSERT INTO documents (knowledge_base_id, organization_id, name, source_type, content, status, indexing_technique, chunk_settings)
        VALUES (${kb.id}::uuid, ${orgId}, 'bench.md', 'text', '', 'completed', 'economy', '{}'::jsonb)
        RETURNING id`),
    )[0]!.id,
  );
  for (let offset = 0; offset < n; offset += 5000) {
    const batch = Array.from({ length: Math.min(5000, n - offset) }, (_, i) => {
      const c = gen.passage(300, 1000);
      return { n: offset + i + 1, c, w: wordCount(c) };
    });
    await db.execute(sql`
      INSERT INTO segments (document_id, knowledge_base_id, position, content, word_count)
      SELECT ${docId}::uuid, ${kb.id}::uuid, t.n, t.c, t.w
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS t(n int, c text, w int)`);
  }
  const seedSeconds = r2((performance.now() - start) / 1000);

  const latencies = async () => {
    const input = (query: string) => ({ organizationId: orgId, knowledgeBaseIds: [kb.id], query });
    for (const q of queries.slice(0, 5)) await retrieveSegments(db, input(q), vector); // warm-up
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < queryRuns; i++) {
      const begin = performance.now();
      const found = await retrieveSegments(db, input(queries[i % queries.length]!), vector);
      times.push(performance.now() - begin);
      hits += found.length;
    }
    return { times, avgResults: r2(hits / queryRuns) };
  };
  const report = (
    name: string,
    figure: string,
    m: { times: number[]; avgResults: number },
    extra: Record<string, unknown>,
  ) => {
    for (const p of [50, 95]) {
      emit({
        bench: 'knowledge-retrieval',
        name,
        figure: `${figure}, p${p}`,
        value: r2(pct(m.times, p)),
        unit: 'ms',
        segments: n,
        queries: queryRuns,
        avgResults: m.avgResults,
        ...extra,
        ...(extra.peer ? { peerValue: r2(pct(embedPeer!, p)) } : {}),
      });
    }
  };
  const fullText = 'retrieveSegments, full-text (economy base)';
  const hybrid =
    'retrieveSegments, hybrid (high_quality base: full-text + pgvector, fused by rank)';
  const hybridExtra = {
    dimensions: embedder.dimensions,
    peer: 'embedding the query alone (local OpenAI-compatible server), same percentile',
  };

  // As a PGlite server runs: no statistics were ever gathered (no autovacuum in single-user mode).
  report(`full-text-${n}`, `${fullText}, never analyzed`, await latencies(), { seedSeconds });
  const withHybrid = vector && n <= hybridMax;
  if (withHybrid) {
    // The same segments as a high_quality base with a random embedding each. Bulk load without the
    // index, then build it with the server's own DDL (grown insert by insert it is ~4x slower here).
    await setTechnique('high_quality');
    start = performance.now();
    const dims = Math.floor(embedder.dimensions);
    await db.execute(sql.raw('DROP INDEX IF EXISTS segment_embeddings_hnsw'));
    await db.execute(sql.raw('SELECT setseed(0.42)'));
    await db.execute(sql`
      INSERT INTO segment_embeddings (segment_id, knowledge_base_id, embedding)
      SELECT s.id, s.knowledge_base_id,
             (SELECT array_agg(random() - 0.5) FROM generate_series(1, ${dims}) WHERE s.position > 0)::vector
      FROM segments s WHERE s.knowledge_base_id = ${kb.id}::uuid`);
    await db.execute(sql.raw("SET maintenance_work_mem = '1GB'"));
    await ensureEmbeddingTable(db, dims);
    await db.execute(sql.raw('RESET maintenance_work_mem'));
    const embeddingsSeconds = r2((performance.now() - start) / 1000);
    await embedLatencies();
    report(`hybrid-${n}`, `${hybrid}, never analyzed`, await latencies(), {
      ...hybridExtra,
      seedSeconds,
      embeddingsAndIndexSeconds: embeddingsSeconds,
    });
  } else {
    emit({
      bench: 'knowledge-retrieval',
      name: `hybrid-${n}`,
      figure: hybrid,
      value: null,
      segments: n,
      note: vector
        ? `skipped: building the HNSW index over ${n} ${embedder.dimensions}-d vectors on PGlite takes ~${Math.round((n * 9) / 1000)} s here; raise BENCH_HYBRID_MAX to run it`
        : 'skipped: no pgvector',
    });
  }

  // The same after ANALYZE (what autovacuum would give on a PostgreSQL server).
  start = performance.now();
  await db.execute(sql.raw('ANALYZE'));
  const analyzeSeconds = r2((performance.now() - start) / 1000);
  if (withHybrid) {
    report(`hybrid-${n}-analyzed`, `${hybrid}, after ANALYZE`, await latencies(), {
      ...hybridExtra,
      analyzeSeconds,
    });
    await setTechnique('economy');
  }
  report(`full-text-${n}-analyzed`, `${fullText}, after ANALYZE`, await latencies(), {
    analyzeSeconds,
  });
  await close();
}

await fake.close();
