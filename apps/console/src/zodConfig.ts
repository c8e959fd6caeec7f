import { config } from 'zod';

// No eval: zod's compiled validators probe `new Function` when a schema is created, which the
// console's CSP refuses (and reports as a violation). Imported first by main.tsx, before any
// module creates a schema; the interpreted validators are as correct.
config({ jitless: true });
