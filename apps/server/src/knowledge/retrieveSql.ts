import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';

// What retrieval's statements share: the bases as an IN list, lexemes as tsquery input, and the
// passages they answer (full-text and vector search alike).

export interface RetrievedSegment {
  id: string;
  content: string;
  documentId: string;
  documentName: string;
  /** The headings above the passage ('Document › Section › Subsection'; '' when none). */
  headingPath: string;
  score: number;
  /**
   * Why it was found: full-text search's parts, and after fusion the vector and fusion scores
   * (absent for a passage found by vector search alone without fusion, or by the stopword search).
   */
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
  /** Whether full-text search found it (false: vector search alone). */
  fullText?: boolean;
  /** Cosine similarity to the query, when vector search found it (hybrid retrieval). */
  vectorScore?: number | null;
  /** The reciprocal-rank fusion score (hybrid retrieval). */
  fusionScore?: number;
}

export interface RankedSegment extends RetrievedSegment {
  position: number;
  /** The passage holds every query word (full-text results only). */
  allWords?: boolean;
}

export const toSegments = (result: unknown): RankedSegment[] =>
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

/** One lexeme as tsquery input: quoted, quotes and backslashes doubled (taken as is, never re-parsed). */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Lexemes → 'a' | 'b' (any) or 'a' & 'b' (all). */
export const tsqueryOf = (lexemes: string[], op: '|' | '&') =>
  lexemes.map(quoteLexeme).join(` ${op} `);

export const inList = (ids: string[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
