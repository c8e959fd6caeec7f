import { createRequire } from 'node:module';

/**
 * G.711 μ-law from `alawmulaw` (MIT). Loaded through require: its ES build has no "type": "module",
 * so Node can only load the CommonJS bundle (`main`), which has no named ES exports.
 */
export const mulaw = (createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw'))
  .mulaw;
