import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { fuseByRank, vectorLiteral, type Embedder } from './embeddings';
import { distinctPassages } from './distinct';

/** Vector search is on when pgvector and an embedding provider are both there. */
export interface VectorIndex {
  embedder: Embedder;
  /**
   * Whether the embedding provider may serve this organization: the install's embedding key is a
   * shared provider resource (lib/sharedProviders), lent only to the organizations it serves.
   * Absent: every organization.
   */
  servesOrg?: (organizationId: string) => Promise<boolean>;
}

/** The vector index as one organization may use it: null (full-text only) when not served. */
export async function vectorForOrg(
  vector: VectorIndex | null | undefined,
  organizationId: string,
): Promise<VectorIndex | null> {
  if (!vector) return null;
  if (!vector.servesOrg) return vector;
  return (await vector.servesOrg(organizationId)) ? vector : null;
}

export interface RetrievedSegment {
  id: string;
  content: string;
  documentId: string;
  documentName: string;
  /** The headings above the passage ('Document › Section › Subsection'; '' when none). */
  headingPath: string;
  score: number;
  /** Why full-text search found it (absent for a passage found by vector search alone). */
  why?: RetrievalWhy;
}

/** The parts of a full-text score, for the retrieval test. */
export interface RetrievalWhy {
  /** The query's words (as the index holds them: lower-cased, stemmed) found in the passage. */
  matchedTerms: string[];
  /** BM25 over the passage's text and heading path. */
  textScore: number;
  /** Added for query words in the heading path. */
  headingScore: number;
  /** The passage holds the query as written: its words in order, case aside (ranked first). */
  verbatim: boolean;
  /** The passage holds the query as a phrase (its words stemmed, in order; ranked next). */
  phrase: boolean;
  /** How many of the query's identifiers (`max_connections`, `v1.2.3`) it holds as written. */
  identifiers: number;
}

/** Tuning knobs; the defaults are what the product runs (the benchmark compares variants). */
export interface RetrievalOptions {
  /**
   * Passages holding every query word rank before partial matches (default true: on the
   * evaluation corpus it lifts title queries' recall@4 from 0.85 to 0.88; BM25 alone otherwise).
   */
  allWordsFirst?: boolean;
  /** Fusion of the full-text and vector lists for high_quality bases (default 'rrf'). */
  fusion?: 'rrf' | 'none';
  /**
   * The passages' hit counts are written before the answer ('wait', the default: the retrieval
   * test and the API show them at once), or after it without holding it up ('background': the
   * runtime, where they would delay the model's first token); a failed background write goes
   * to `onHitCountError`.
   */
  hitCounts?: 'wait' | 'background';
  /**
   * In the background, the write starts once this settles (the runtime: when the turn's answer
   * has ended). On the embedded database every statement runs on the server's own thread, so a
   * write started at once would run between retrieval and the model call and delay the first
   * token by its whole time. When it resolves to `false` the passages went unused (a turn read
   * ahead that never came) and no hit is counted.
   */
  hitCountsAfter?: Promise<unknown>;
  onHitCountError?: (error: unknown) => void;
  /**
   * Columns read for the caller in retrieval's first statement (the runtime: a conversation's
   * check and history, so they cost no round trip of their own before the model call). `onRow`
   * gets that statement's row, or undefined when retrieval ran no statement (no valid base id, an
   * empty query).
   */
  head?: RetrievalHead;
}

export interface RetrievalHead {
  columns: SQL;
  onRow: (row: Record<string, unknown> | undefined) => void;
}

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const k1 = 1.2;
const b = 0.75;
/** A query word found in the passage's heading path adds this many times its idf (once). */
const HEADING_WEIGHT = 1;
/** At most this many passages are ranked per query phase: the bound on the work at 100k segments. */
export const CANDIDATE_CAP = 500;
/**
 * Words outside the planner's most common ones are counted up to this many passages (rarer ones
 * exactly): past it a word is common enough that its exact rarity barely moves the ranking, and
 * counting it row by row is what would cost at 100k segments.
 */
const DF_CAP = 100;
const DF_CAP_UNANALYZED = 2000;
/** At most this many distinct query words are used, the rarest first. */
const MAX_TERMS = 32;

/** One lexeme as tsquery input: quoted, quotes and backslashes doubled (taken as is, never re-parsed). */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Lexemes → 'a' | 'b' (any) or 'a' & 'b' (all). */
export const tsqueryOf = (lexemes: string[], op: '|' | '&') =>
  lexemes.map(quoteLexeme).join(` ${op} `);

/**
 * The query's words as the documents' own text-search parser and configuration see them
 * (`to_tsvector('english', …)`, the expression the segments' `tsv` column is generated with), so
 * `config.yaml`, `v2.1` or `tcp/ip` stay whole on both sides: a select list giving them in both
 * configurations, read by `termsOf`.
 */
const wordsOf = (query: string) => {
  const text = query.slice(0, 4000);
  return sql`(SELECT coalesce(array_agg(lexeme), '{}') FROM unnest(to_tsvector('english', ${text}))) AS english,
    (SELECT coalesce(array_agg(lexeme), '{}') FROM unnest(to_tsvector('simple', ${text}))) AS simple`;
};

/** The English words; when every word is an English stopword, the `simple` configuration's. */
function termsOf(row: Record<string, unknown> | undefined): {
  config: 'english' | 'simple';
  terms: string[];
} {
  const english = (row?.english as string[] | undefined) ?? [];
  if (english.length) return { config: 'english', terms: english };
  return { config: 'simple', terms: ((row?.simple as string[] | undefined) ?? []).slice(0, 8) };
}

/** BM25 inverse document frequency (never negative). */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Passage count and average length (words) per set of bases, kept for a minute per process. */
const statsCache = new Map<string, { at: number; n: number; avgdl: number }>();
async function corpusStats(db: Db, ids: string[]) {
  const key = [...ids].sort().join(',');
  const hit = statsCache.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count(*)::int AS n, coalesce(avg(word_count), 0)::float8 AS avgdl
      FROM segments WHERE knowledge_base_id IN ${inList(ids)}`),
  );
  const stats = { at: Date.now(), n: Number(row?.n ?? 0), avgdl: Number(row?.avgdl ?? 0) || 1 };
  if (statsCache.size > 1000) statsCache.clear();
  statsCache.set(key, stats);
  return stats;
}

const inList = (ids: string[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * Retrieval shared by the retrieval test, the agent runtime and /v1/datasets/{id}/retrieve: BM25
 * over the enabled, completed documents' enabled segments of the given bases of one organization
 * (fused by rank with vector search on high_quality bases when there is a vector index); top_k 4 by
 * default, single retrieval, no reranking; overlapping neighbours of one document never both in
 * the answer; hit counts incremented.
 */
export async function retrieveSegments(
  db: Db,
  input: { organizationId: string; knowledgeBaseIds: string[]; query: string; topK?: number },
  vector?: VectorIndex | null,
  options: RetrievalOptions = {},
): Promise<RetrievedSegment[]> {
  const topK = input.topK ?? 4;
  const requested = input.knowledgeBaseIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (requested.length === 0 || !input.query.trim()) {
    options.head?.onRow(undefined);
    return [];
  }
  // The bases (this organization's only) and the query's words in one round trip.
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(json_build_object('id', id, 'technique', indexing_technique)), '[]')
       FROM knowledge_bases
       WHERE organization_id = ${input.organizationId} AND id IN ${inList(requested)}) AS bases,
      ${wordsOf(input.query)}${options.head ? sql`, ${options.head.columns}` : sql``}`),
  );
  options.head?.onRow(row);
  const bases = (row?.bases ?? []) as Array<{ id: string; technique: string }>;
  const ids = bases.map((r) => String(r.id));
  if (!ids.length) return [];
  const hq = bases.filter((r) => r.technique === 'high_quality').map((r) => String(r.id));
  if (hq.length) vector = await vectorForOrg(vector, input.organizationId);
  const hybrid = Boolean(vector && hq.length && options.fusion !== 'none');
  // Enough spare passages for the overlap filter (and, in hybrid, for the fusion).
  const words = termsOf(row);
  const fullText = await fullTextSearch(
    db,
    ids,
    { ...words, query: input.query },
    hybrid ? 20 : topK * 3,
    options,
  );
  let ranked = fullText;
  if (hybrid && vector) {
    const semantic = await vectorSearch(db, hq, await vector.embedder.embed(input.query), 20);
    ranked = fuseLists(fullText, semantic, options.allWordsFirst !== false);
  }
  const segments = distinctPassages(ranked, topK).map(
    ({ id, content, documentId, documentName, headingPath, score, why }) => ({
      id,
      content,
      documentId,
      documentName,
      headingPath,
      score,
      ...(why ? { why } : {}),
    }),
  );
  if (segments.length) {
    // A hit counter need not wait for its commit to reach the disk (on a PostgreSQL server that
    // flush is most of this statement's time): this one statement's transaction commits
    // asynchronously; a crash may lose the last fraction of a second of counts, nothing else.
    // (`db` is the pool, never an open transaction: there the setting would last to its commit.)
    const count = () =>
      db.execute(sql`
      WITH async AS (SELECT set_config('synchronous_commit', 'off', true) AS v)
      UPDATE segments SET hit_count = hit_count + 1
      WHERE id IN ${inList(segments.map((s) => s.id))} AND (SELECT v FROM async) IS NOT NULL`);
    if (options.hitCounts === 'background') {
      const counted = options.hitCountsAfter
        ? options.hitCountsAfter.then((used) => (used === false ? undefined : count()), count)
        : count();
      void counted.catch((e) => options.onHitCountError?.(e));
    } else await count();
  }
  return segments;
}

/**
 * Full-text and vector results fused by reciprocal rank; with `allWordsFirst`, passages holding
 * every query word stay first, as in full-text ranking (the vector list reorders and fills around
 * them). Ties by id.
 */
export function fuseLists(
  fullText: RankedSegment[],
  semantic: RankedSegment[],
  allWordsFirst: boolean,
): RankedSegment[] {
  const fused = fuseByRank([fullText.map((s) => s.id), semantic.map((s) => s.id)]);
  const byId = new Map([...semantic, ...fullText].map((s) => [s.id, s]));
  const first = (id: string) => (allWordsFirst && byId.get(id)!.allWords ? 1 : 0);
  return [...fused.entries()]
    .sort((x, y) => first(y[0]) - first(x[0]) || y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([id, score]) => ({ ...byId.get(id)!, score }));
}

export interface RankedSegment extends RetrievedSegment {
  position: number;
  /** The passage holds every query word (full-text results only). */
  allWords?: boolean;
}

const toSegments = (result: unknown): RankedSegment[] =>
  rowsOf(result).map((r) => ({
    id: String(r.id),
    content: String(r.content),
    documentId: String(r.document_id),
    documentName: String(r.document_name),
    headingPath: String(r.heading_path ?? ''),
    position: Number(r.position),
    score: Number(r.score),
    allWords: r.all_words === true,
    ...(r.terms !== undefined
      ? {
          why: {
            matchedTerms: (r.terms as string[] | null) ?? [],
            textScore: Number(r.text_score),
            headingScore: Number(r.heading_score),
            verbatim: Number(r.verbatim) > 0,
            phrase: Number(r.phrase) > 0,
            identifiers: Number(r.exact),
          },
        }
      : {}),
  }));

async function vectorSearch(db: Db, ids: string[], embedding: number[], limit: number) {
  return toSegments(
    await db.execute(sql`
      SELECT s.id, s.content, s.document_id, s.position, s.heading_path, d.name AS document_name,
             1 - (e.embedding <=> ${vectorLiteral(embedding)}::vector) AS score
      FROM segment_embeddings e
      JOIN segments s ON s.id = e.segment_id
      JOIN documents d ON d.id = s.document_id
      WHERE e.knowledge_base_id IN ${inList(ids)}
        AND s.enabled AND d.enabled AND d.status = 'completed'
      ORDER BY e.embedding <=> ${vectorLiteral(embedding)}::vector
      LIMIT ${limit}`),
  );
}

/**
 * Each word's document frequency in the bases. The commonest words of the whole table are taken
 * from the planner's statistics (pg_stats' most common elements of `segments.tsv`, scaled to the
 * bases' size; refreshed by ANALYZE/autovacuum), so a word held by half the passages is never
 * counted row by row; every other word is rarer than those and is counted in the bases through
 * the GIN index (up to DF_CAP passages).
 */
async function documentFrequencies(
  db: Db,
  ids: string[],
  terms: string[],
  n: number,
): Promise<Array<{ lexeme: string; df: number; exact: boolean }>> {
  const common = await commonWords(db);
  const key = [...ids].sort().join(',');
  const now = Date.now();
  const known = new Map<string, { df: number; exact: boolean }>();
  for (const t of terms) {
    const f = common.get(t);
    if (f !== undefined) known.set(t, { df: Math.max(1, Math.round(f * n)), exact: false });
    else {
      const hit = dfCache.get(`${key} ${t}`);
      if (hit && now - hit.at < 60_000) known.set(t, hit);
    }
  }
  // Without statistics (a table never analyzed) every word is counted, further.
  const cap = common.size ? DF_CAP : DF_CAP_UNANALYZED;
  const counted = terms.filter((t) => !known.has(t));
  const rows = counted.length
    ? rowsOf(
        await db.execute(
          sql.join(
            counted.map(
              (t) => sql`SELECT ${t}::text AS lexeme, (SELECT count(*)::int FROM (
                SELECT 1 FROM segments WHERE knowledge_base_id IN ${inList(ids)}
                  AND tsv @@ ${quoteLexeme(t)}::tsquery LIMIT ${cap}) x) AS df`,
            ),
            sql` UNION ALL `,
          ),
        ),
      )
    : [];
  if (dfCache.size > 20_000) dfCache.clear();
  for (const r of rows) {
    const df = Number(r.df);
    const entry = { df, exact: df < cap };
    known.set(String(r.lexeme), entry);
    dfCache.set(`${key} ${String(r.lexeme)}`, { ...entry, at: now });
  }
  return terms.filter((t) => known.has(t)).map((t) => ({ lexeme: t, ...known.get(t)! }));
}

/** Counted document frequencies per set of bases and word, kept a minute per process. */
const dfCache = new Map<string, { at: number; df: number; exact: boolean }>();

/** The table's most common words and the share of passages holding each (kept a minute). */
const commonCache = new WeakMap<Db, { at: number; words: Map<string, number> }>();
async function commonWords(db: Db): Promise<Map<string, number>> {
  const hit = commonCache.get(db);
  if (hit && Date.now() - hit.at < 60_000) return hit.words;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
      FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'segments' AND attname = 'tsv'`),
  );
  const words = new Map<string, number>();
  const elems = (row?.elems as string[] | null) ?? [];
  const freqs = ((row?.freqs as Array<number | string> | null) ?? []).map(Number);
  elems.forEach((e, i) => freqs[i] !== undefined && words.set(e, freqs[i]!));
  commonCache.set(db, { at: Date.now(), words });
  return words;
}

/**
 * Full-text BM25 with bounded work (at 100k segments: p95 ≈ 37 ms on PGlite, ≈ 20 ms on
 * PostgreSQL 15, bench/retrieval.bench.ts):
 * 1. the query's words through the documents' parser (`wordsOf`, in the round trip that checks
 *    the bases);
 * 2. each word's document frequency (`documentFrequencies`: the planner's statistics for common
 *    words, a capped count through the GIN index for the others, kept a minute);
 * 3. candidates: when the rarest words' frequencies add up to at most CANDIDATE_CAP, the passages
 *    holding any of them — one index scan that also finds every passage holding every word;
 *    otherwise the passages holding every word (capped at CANDIDATE_CAP), so a query of common
 *    words never ranks a whole large base; only when that yields too few passages, passages
 *    holding any word (capped again), decided inside the same statement;
 * 4. BM25 (k1 1.2, b 0.75, lengths in words) over the candidates in SQL, each word's count read
 *    with one `ts_rank` lookup per word (see `termFrequency`), passages holding every word
 *    first; ties broken by the number of query words held, then the shorter passage, then the
 *    id — never the document position. One statement ranks and fetches the passages.
 */
async function fullTextSearch(
  db: Db,
  ids: string[],
  words: { config: 'english' | 'simple'; terms: string[]; query: string },
  limit: number,
  options: RetrievalOptions,
): Promise<RankedSegment[]> {
  const { config, terms, query } = words;
  if (!terms.length) return [];
  if (config === 'simple') return stopwordSearch(db, ids, terms, limit);
  const { n, avgdl } = await corpusStats(db, ids);
  const counted = (await documentFrequencies(db, ids, terms, n))
    .filter((t) => t.df > 0)
    .sort((x, y) => x.df - y.df || x.lexeme.localeCompare(y.lexeme))
    .slice(0, MAX_TERMS);
  if (!counted.length) return [];
  const total = Math.max(n, counted[counted.length - 1]!.df);
  const lexemes = counted.map((t) => t.lexeme);
  const weights = counted.map((t) => idf(total, t.df));
  const rare: string[] = [];
  let sum = 0;
  let exact = true;
  for (const t of counted) {
    if (sum + t.df > CANDIDATE_CAP) break;
    sum += t.df;
    rare.push(t.lexeme);
    exact &&= t.exact;
  }
  const every = sql`s.tsv @@ ${tsqueryOf(lexemes, '&')}::tsquery`;
  const anyRare = sql`s.tsv @@ ${tsqueryOf(rare, '|')}::tsquery`;
  // A passage holding every word holds the rarest ones: when there are rare words, the passages
  // holding any of them (about CANDIDATE_CAP at most) include every every-word passage, and one
  // index scan finds both. When some of those counts are estimates (the planner's statistics) or
  // lower bounds, the every-word passages are taken first, so the cap never drops one of them.
  const phases: Phase[] = rare.length
    ? [{ where: anyRare, everyFirst: !exact && lexemes.length > 1 }]
    : [{ where: every }];
  // Passages holding any word only when those phases found fewer than `limit` passages (decided
  // inside the one statement: no second round trip, no second ranking).
  const fallback =
    rare.length === lexemes.length
      ? null
      : sql`s.tsv @@ ${tsqueryOf(lexemes, '|')}::tsquery AND NOT (${phases[0]!.where})`;
  return rankCandidates(db, ids, phases, fallback, lexemes, weights, {
    phrase: terms.length > 1 ? query.slice(0, 4000) : null,
    verbatim: verbatimPattern(query),
    exact: identifiersOf(query),
    avgdl,
    limit,
    ...options,
  });
}

/** ts_rank's sum of 1/j² over a word's positions reaches π²/6 (tsrank.c normalises by it). */
const ZETA2 = 1.64493406685;

/**
 * A word's count in a passage from `ts_rank` with unit weights over that one word, which is
 * (1 + 1/2² + … + 1/tf²) / (π²/6); since π²/6 − (1 + … + 1/tf²) ≈ 1/(tf + ½), tf is
 * 1/(π²/6 − rank·π²/6) − ½, rounded (exact up to the 255 positions a tsvector keeps per word).
 * One binary search in the passage's tsvector per word: no unnest, no copies of the vector.
 */
const termFrequency = (rank: SQL) =>
  sql`CASE WHEN ${rank} > 0 THEN least(255::float8, greatest(1::float8,
    round(1 / (${sql.raw(String(ZETA2))} - ${rank}::float8 * ${sql.raw(String(ZETA2))}) - 0.5)))
    ELSE 0::float8 END`;

/** One candidate lookup: passages matching `where`, at most CANDIDATE_CAP of them. */
interface Phase {
  where: SQL;
  /** Passages holding every query word are kept first when the cap cuts. */
  everyFirst?: boolean;
}

/**
 * The query's identifiers (`pg_hba.conf`, `max_connections`, `useChat`, `v1.2.3`: inner
 * punctuation, digits or capitals), lower-cased: the parser splits or stems some of them
 * (`max_connections` → 'max' 'connect'), so a passage holding one as written ranks first.
 */
export function identifiersOf(query: string): string[] {
  const found = query.match(/[\p{L}\p{N}_][\p{L}\p{N}_.:/@-]*[\p{L}\p{N}_]/gu) ?? [];
  return [
    ...new Set(
      found
        .filter((t) => /[_.:/@]|\p{N}/u.test(t) || /\p{Ll}\p{Lu}/u.test(t))
        .filter((t) => t.length >= 3)
        .map((t) => t.toLowerCase()),
    ),
  ].slice(0, 8);
}

/**
 * The query as written, as a case-insensitive PostgreSQL regular expression: its words in order
 * with any whitespace between them, every punctuation mark literal, whole words at both ends
 * (`No video generated` does not match `no video generation`). Stopwords and word forms count here,
 * unlike in the stemmed phrase; null for a query longer than 200 characters.
 */
export function verbatimPattern(query: string): string | null {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const text = words.join(' ');
  if (!words.length || text.length > 200) return null;
  const escaped = words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`)).join('\\s+');
  const edge = /[\p{L}\p{N}_]/u;
  return (
    (edge.test(text[0]!) ? '(^|[^[:alnum:]_])' : '') +
    escaped +
    (edge.test(text[text.length - 1]!) ? '($|[^[:alnum:]_])' : '')
  );
}

async function rankCandidates(
  db: Db,
  ids: string[],
  phases: Phase[],
  fallback: SQL | null,
  lexemes: string[],
  weights: number[],
  o: {
    avgdl: number;
    limit: number;
    phrase: string | null;
    verbatim: string | null;
    exact: string[];
  } & RetrievalOptions,
): Promise<RankedSegment[]> {
  const live = sql`s.knowledge_base_id IN ${inList(ids)} AND s.enabled
    AND s.document_id IN (SELECT id FROM documents
      WHERE knowledge_base_id IN ${inList(ids)} AND enabled AND status = 'completed')`;
  const raw = (x: number) => sql.raw(String(x));
  // Each word's count in the passage and its heading path (weight A positions: ts_rank with
  // weights {D,C,B,A} = {0,0,0,1} counts those alone).
  const tfs = sql.join(
    lexemes.map(
      (l, i) =>
        sql`${termFrequency(sql`ts_rank('{1,1,1,1}'::float4[], s.tsv, ${quoteLexeme(l)}::tsquery)`)} AS tf${raw(i)},
        ${termFrequency(sql`ts_rank('{0,0,0,1}'::float4[], s.tsv, ${quoteLexeme(l)}::tsquery)`)} AS th${raw(i)}`,
    ),
    sql`, `,
  );
  // Each phase's passages with their words' counts, read while the row is at hand.
  const every = sql`s.tsv @@ ${tsqueryOf(lexemes, '&')}::tsquery`;
  // A passage holding the query as a phrase (its words in order, stopwords' gaps kept), and how
  // many of the query's identifiers it holds as written.
  const phrase = o.phrase ? sql`(s.tsv @@ phraseto_tsquery('english', ${o.phrase}))::int` : sql`0`;
  // A passage holding the query as written (only a passage holding every word can: the regular
  // expression runs on those alone).
  const verbatim = o.verbatim
    ? sql`CASE WHEN ${every} THEN (s.content ~* ${o.verbatim})::int ELSE 0 END`
    : sql`0`;
  const exact = o.exact.length
    ? sql.join(
        o.exact.map((t) => sql`(strpos(lower(s.content), ${t}) > 0)::int`),
        sql` + `,
      )
    : sql`0`;
  const phase = ({ where, everyFirst }: Phase) => sql`(SELECT s.id, s.word_count, ${tfs},
    ${verbatim} AS verbatim, ${phrase} AS phrase, ${exact} AS exact
    FROM segments s WHERE ${live} AND ${where}
    ${everyFirst ? sql`ORDER BY (${every}) DESC` : sql``} LIMIT ${CANDIDATE_CAP})`;
  const candidates = sql.join(phases.map(phase), sql` UNION ALL `);
  // The fallback phase's condition is a constant of the statement: its scan runs only when true.
  const rest = fallback
    ? sql`, f AS MATERIALIZED (${phase({ where: sql`${fallback} AND (SELECT count(*) FROM p) < ${o.limit}` })}),
      t AS (SELECT * FROM p UNION ALL SELECT * FROM f)`
    : sql`, t AS (SELECT * FROM p)`;
  // BM25 per word: idf · tf·(k1+1) / (tf + k1·(1 − b + b·length/avgdl)).
  const norm = sql`${raw(k1)} * (1 - ${raw(b)} + ${raw(b)} * t.word_count / ${o.avgdl}::float8)`;
  const score = sql.join(
    lexemes.map(
      (_, i) =>
        sql`${weights[i]!}::float8 * t.tf${raw(i)} * ${raw(k1 + 1)} / (t.tf${raw(i)} + ${norm})`,
    ),
    sql` + `,
  );
  // Field weighting: a word in the heading path adds HEADING_WEIGHT times its rarity, once.
  const heading = sql.join(
    lexemes.map((_, i) => sql`${weights[i]! * HEADING_WEIGHT}::float8 * (t.th${raw(i)} > 0)::int`),
    sql` + `,
  );
  const terms = sql`array_remove(ARRAY[${sql.join(
    lexemes.map((l, i) => sql`CASE WHEN t.tf${raw(i)} > 0 THEN ${l}::text END`),
    sql`, `,
  )}], NULL)`;
  const matched = sql.join(
    lexemes.map((_, i) => sql`(t.tf${raw(i)} > 0)::int`),
    sql` + `,
  );
  const order = (x: string) =>
    sql.raw(
      `${x}.verbatim DESC, ${x}.phrase DESC, ${x}.exact DESC, ` +
        `${o.allWordsFirst !== false ? `(${x}.matched = ${lexemes.length}) DESC, ` : ''}` +
        `${x}.score DESC, ${x}.matched DESC, ${x}.word_count ASC, ${x}.id ASC`,
    );
  const result = await db.execute(sql`
    WITH p AS MATERIALIZED (${candidates})${rest},
    scored AS (SELECT t.id, t.word_count, t.verbatim, t.phrase, t.exact, ${terms} AS terms,
      ${score} AS text_score, ${heading} AS heading_score,
      ${score} + ${heading} AS score, ${matched} AS matched FROM t),
    top AS MATERIALIZED (SELECT * FROM scored ORDER BY ${order('scored')} LIMIT ${o.limit})
    SELECT s.id, s.content, s.document_id, s.position, s.heading_path, d.name AS document_name,
           top.score, top.matched = ${lexemes.length} AS all_words, top.terms, top.text_score,
           top.heading_score, top.verbatim, top.phrase, top.exact
    FROM top JOIN segments s ON s.id = top.id JOIN documents d ON d.id = s.document_id
    ORDER BY ${order('top')}`);
  return toSegments(result);
}
/**
 * A query of English stopwords alone ('where with each'): the documents' index has none of them,
 * so passages are matched on the stopword-free `simple` configuration (a bounded scan, prefiltered
 * by a plain substring test) and ranked by cover density normalised by length.
 */
async function stopwordSearch(db: Db, ids: string[], terms: string[], limit: number) {
  const tsq = tsqueryOf(terms, '|');
  const like = sql.join(
    terms.map((t) => sql`s.content ILIKE ${`%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql` OR `,
  );
  return toSegments(
    await db.execute(sql`
      WITH c AS (
        SELECT s.id FROM segments s JOIN documents d ON d.id = s.document_id
        WHERE s.knowledge_base_id IN ${inList(ids)}
          AND s.enabled AND d.enabled AND d.status = 'completed'
          AND (${like}) AND to_tsvector('simple', s.content) @@ ${tsq}::tsquery
        LIMIT ${CANDIDATE_CAP}
      )
      SELECT s.id, s.content, s.document_id, s.position, s.heading_path, d.name AS document_name,
             ts_rank_cd(to_tsvector('simple', s.content), ${tsq}::tsquery, 2) AS score
      FROM c JOIN segments s ON s.id = c.id JOIN documents d ON d.id = s.document_id
      ORDER BY score DESC, s.word_count ASC, s.id ASC
      LIMIT ${limit}`),
  );
}
