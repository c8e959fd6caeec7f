/**
 * The ingestion worker thread (run by the pool in ./pool.ts): the CPU-heavy steps of ingestion —
 * extracting an upload's text, cleaning and chunking a document — so they never hold up the
 * server's event loop. Each task returns plain data; a refusal comes back as `{ error }` (classes
 * do not survive the thread boundary).
 */
import type { ChunkSettings } from '@parley/api-client';
import { chunkDocumentStructured, wordCount } from './chunking';
import { extractText, ParseError, type DocumentKind } from './parse';

export type ExtractResult = { kind: DocumentKind; text: string } | { error: string };

export async function extract(input: {
  bytes: Uint8Array;
  fileName: string;
}): Promise<ExtractResult> {
  try {
    return await extractText(input.bytes, input.fileName);
  } catch (error) {
    if (error instanceof ParseError) return { error: error.message };
    throw error;
  }
}

/**
 * The chunks of a document, packed for a cheap trip back to the main thread: one string with every
 * chunk end in `ends` (copying one string and two typed arrays costs far less than 40,000 strings).
 */
export interface PackedChunks {
  joined: string;
  ends: Uint32Array;
  wordCounts: Uint32Array;
  totalWords: number;
  /** Each chunk's heading path ('Document › Section'), one a line. */
  headingPaths: string;
}

/** Heading paths are stored and shown as one text, its parts joined by ' › '. */
export const joinHeadingPath = (path: string[]) =>
  path.map((p) => p.replace(/\s+/g, ' ')).join(' › ');

export function chunk(input: {
  text: string;
  settings: ChunkSettings;
  title?: string;
}): PackedChunks {
  const structured = chunkDocumentStructured(input.text, input.settings, input.title);
  const chunks = structured.map((s) => s.content);
  const ends = new Uint32Array(chunks.length);
  const wordCounts = new Uint32Array(chunks.length);
  let at = 0;
  chunks.forEach((c, i) => {
    at += c.length;
    ends[i] = at;
    wordCounts[i] = wordCount(c);
  });
  return {
    joined: chunks.join(''),
    ends,
    wordCounts,
    totalWords: wordCount(input.text),
    headingPaths: structured.map((s) => joinHeadingPath(s.headingPath)).join('\n'),
  };
}
