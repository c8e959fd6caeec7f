import { Piscina } from 'piscina';
import type { ChunkSettings } from '@parley/api-client';
import { ParseError, type DocumentKind } from './parse';
import type { ExtractResult, PackedChunks } from './worker';

/**
 * A small pool of worker threads for the CPU-heavy steps of ingestion (parsing uploads, cleaning
 * and chunking), so one large document never stalls the server. `PARLEY_INGEST_THREADS` sets its
 * size (default 2); at most `maxQueue` tasks wait, beyond that an upload is answered 503.
 * Each thread's heap is capped, so a document that needs more memory fails alone.
 */
export const poolDefaults = { threads: 2, maxQueue: 32, heapMb: 768 } as const;

/** The pool is full: the server is busy (503). */
export class BusyError extends Error {}

let pool: Piscina | null = null;

export function threadsFrom(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : poolDefaults.threads;
}

/** The process-wide pool, started on first use. */
export function ingestionPool(): Piscina {
  if (!pool) {
    const threads = threadsFrom(process.env.PARLEY_INGEST_THREADS);
    pool = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      maxQueue: poolDefaults.maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: poolDefaults.heapMb },
    });
  }
  return pool;
}

async function run<T>(task: unknown, name: string, transferList?: ArrayBuffer[]): Promise<T> {
  try {
    return (await ingestionPool().run(task, { name, transferList })) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message))
      throw new BusyError('The server is busy indexing documents; try again in a moment');
    throw error;
  }
}

/** Extracts an upload's text in a worker thread; a refused file throws ParseError. */
export async function extractInWorker(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ kind: DocumentKind; text: string }> {
  let result: ExtractResult;
  try {
    // The bytes move to the worker (no copy); the caller does not use them afterwards.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    result = await run<ExtractResult>(
      { bytes, fileName },
      'extract',
      own ? [bytes.buffer as ArrayBuffer] : undefined,
    );
  } catch (error) {
    if (error instanceof BusyError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/out of memory/i.test(message))
      throw new ParseError('The file needs too much memory to read');
    throw error;
  }
  if ('error' in result) throw new ParseError(result.error);
  return result;
}

/** Cleans and chunks a document in a worker thread. */
export async function chunkInWorker(
  text: string,
  settings: ChunkSettings,
  title?: string,
): Promise<{
  chunks: string[];
  wordCounts: Uint32Array;
  totalWords: number;
  headingPaths: string[];
}> {
  const packed = await run<PackedChunks>({ text, settings, title }, 'chunk');
  const chunks: string[] = new Array(packed.ends.length);
  let start = 0;
  packed.ends.forEach((end, i) => {
    chunks[i] = packed.joined.slice(start, end);
    start = end;
  });
  return {
    chunks,
    wordCounts: packed.wordCounts,
    totalWords: packed.totalWords,
    headingPaths: chunks.length ? packed.headingPaths.split('\n') : [],
  };
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeIngestionPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
