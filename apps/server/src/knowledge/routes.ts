import { Hono } from 'hono';
import type { AppEnv, Services } from '../lib/env';
import type { IngestionWorker } from './ingest';
import { knowledgeScope } from './scope';
import { baseRoutes } from './baseRoutes';
import { documentRoutes } from './documentRoutes';
import { segmentRoutes } from './segmentRoutes';
import { testRetrievalRoutes } from './retrievalRoutes';
import { apiKeyRoutes } from './apiKeyRoutes';

export { datasetRetrieveRoutes } from './retrievalRoutes';

/**
 * The knowledge-base API under /api/knowledge-bases (session; org-scoped; only_me bases are the
 * creator's), one module per concern; what they share (the organization in scope, the base or
 * document a path names, the wire forms) is in scope.ts and wire.ts.
 */
export function knowledgeRoutes(services: Services, worker: IngestionWorker) {
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  const scope = knowledgeScope(services);
  baseRoutes(app, services, scope);
  documentRoutes(app, services, worker, scope);
  segmentRoutes(app, services, scope);
  testRetrievalRoutes(app, services, scope);
  apiKeyRoutes(app, services, scope);
  return app;
}
