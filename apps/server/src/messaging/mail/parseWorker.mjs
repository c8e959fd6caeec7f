// The entry of the mail-parsing worker threads (see parsePool.ts): loads the TypeScript worker
// through tsx's scoped loader, so it runs the same under `tsx src/main.ts`, `node --import tsx`
// and vitest.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./parseWorker.ts', import.meta.url);

export const { parse, prepareCampaign } = worker;
