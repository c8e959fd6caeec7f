// The entry of the ingestion worker threads (see pool.ts): loads the TypeScript worker through
// tsx's scoped loader, so it runs the same under `tsx src/main.ts`, `node --import tsx` and vitest.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);

export const { extract, chunk } = worker;
