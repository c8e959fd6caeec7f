import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { corpusStats, documentFrequencies, idf } from './retrieveStats';
import { inList, quoteLexeme, toSegments, tsqueryOf, type RankedSegment } from './retrieveSql';

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const k1 = 1.2;
const b = 0.75;
/** A query word found in the passage's heading path adds this many times its idf (once). */
const HEADING_WEIGHT = 1;
/** At most this many passages are ranked per query phase: the bound on the work at 100k segments. */
export const CANDIDATE_CAP = 500;
/** At most this many distinct query words are used, the rarest first. */
const MAX_TERMS = 32;

/** The full-text ranking's knob (see RetrievalOptions.allWordsFirst). */
export interface FullTextOptions {
  allWordsFirst?: boolean;
}

/**
 * The query's words as the documents' own text-search parser and configuration see them
 * (`to_tsvector('english', …)`, the expression the segments' `tsv` column is generated with), so
 * `config.yaml`, `v2.1` or `tcp/ip` stay whole on both sides: a select list giving them in both
 * configurations, read by `termsOf`.
 */
export const wordsOf = (query: string) => {
  const text = query.slice(0, 4000);
  return sql`(SELECT coalesce(array_agg(lexeme), '{}') FROM unnest(to_tsvector('english', ${text}))) AS english,
    (SELECT coalesce(array_agg(lexeme), '{}') FROM unnest(to_tsvector('simple', ${text}))) AS simple`;
};

/** The English words; when every word is an English stopword, the `simple` configuration's. */
export function termsOf(row: Record<string, unknown> | undefined): {
  config: 'english' | 'simple';
  terms: string[];
} {
  const english = (row?.english as string[] | undefined) ?? [];
  if (english.length) return { config: 'english', terms: english };
  return { config: 'simple', terms: ((row?.simple as string[] | undefined) ?? []).slice(0, 8) };
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
export async function fullTextSearch(
  db: Db,
  ids: string[],
  words: { config: 'english' | 'simple'; terms: string[]; query: string },
  limit: number,
  options: FullTextOptions,
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
    query,
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
 * unlike in the stemmed phrase; null for a query longer than 200 characters. A regular expression
 * costs about 20 times a plain substring search, so it runs only on passages holding one of
 * `verbatimProbes`.
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

/**
 * The query with single spaces, in the cases a passage is likely to hold it (as typed, lower,
 * upper, first letter capital, each word capital): a cheap substring test before the regular
 * expression (a passage holding the query in another mix of cases, or with other spacing, only
 * loses the as-written rule).
 */
export function verbatimProbes(query: string): string[] {
  const text = query.trim().split(/\s+/).filter(Boolean).join(' ');
  if (!text) return [];
  const lower = text.toLowerCase();
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return [
    ...new Set([text, lower, text.toUpperCase(), cap(lower), lower.split(' ').map(cap).join(' ')]),
  ];
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
    query: string;
    exact: string[];
  } & FullTextOptions,
): Promise<RankedSegment[]> {
  const live = sql`s.knowledge_base_id IN ${inList(ids)} AND s.enabled
    AND s.document_id IN (SELECT id FROM documents
      WHERE knowledge_base_id IN ${inList(ids)} AND enabled AND status = 'completed')`;
  const raw = (x: number) => sql.raw(String(x));
  // Each word's count in the passage, and whether its heading path holds it (weight A positions:
  // a weighted match `'word':A` is one lookup without a rank's arithmetic — the heading counts
  // once, whatever the count).
  const tfs = sql.join(
    lexemes.map(
      (l, i) =>
        sql`${termFrequency(sql`ts_rank('{1,1,1,1}'::float4[], s.tsv, ${quoteLexeme(l)}::tsquery)`)} AS tf${raw(i)},
        (s.tsv @@ ${`${quoteLexeme(l)}:A`}::tsquery)::int AS th${raw(i)}`,
    ),
    sql`, `,
  );
  // Each phase's passages with their words' counts, read while the row is at hand.
  const every = sql`s.tsv @@ ${tsqueryOf(lexemes, '&')}::tsquery`;
  // A passage holding the query as a phrase (its words in order, stopwords' gaps kept), and how
  // many of the query's identifiers it holds as written.
  // (The phrase query is built once, as an init plan: `phraseto_tsquery` is only stable, so
  // written inline it would parse the query again for every candidate.)
  const phrase = o.phrase
    ? sql`(s.tsv @@ (SELECT phraseto_tsquery('english', ${o.phrase})))::int`
    : sql`0`;
  // A passage holding the query as written (only a passage holding every word and one of the
  // probes can: the regular expression runs on those alone).
  const probes = o.verbatim ? verbatimProbes(o.query) : [];
  const verbatim = probes.length
    ? sql`CASE WHEN ${every} AND (${sql.join(
        probes.map((p) => sql`strpos(s.content, ${p}) > 0`),
        sql` OR `,
      )}) THEN (s.content ~* ${o.verbatim})::int ELSE 0 END`
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
