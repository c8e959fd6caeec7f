import { cappedError } from './lib/logLimits';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { openDatabase, type Database } from './db/client';
import { createAuth, type PasswordHasher } from './auth/auth';
import { createApp, retrieverFor } from './app';
import { startReplyWorker } from './messaging/replies';
import { startMailWorker } from './messaging/mail/worker';
import { startImapPoller } from './messaging/mail/imap';
import { startTestRunWorker } from './agent-tests/worker';
import { createSecretBox } from './lib/secrets';
import { configureContactKey } from './privacy/ledger';
import { SessionCache, sessionChannel } from './auth/session';
import { attachTenantCache, cacheChannel, TenantCache } from './lib/tenantCache';
import { attachConversationBus, conversationChannel, ConversationBus } from './conversations/live';
import {
  refreshPlannerStats,
  requeueOrphanedJobs,
  staleAfterSeconds,
  startIngestionWorker,
} from './knowledge/ingest';
import { embedderFrom, ensureEmbeddingTable } from './knowledge/embeddings';
import { sharedProvidersServe } from './lib/sharedProviders';
import type { VectorIndex } from './knowledge/retrieve';
import { admissionFrom } from './lib/admission';
import { rateLimitStoresFor } from './lib/rateLimitStore';
import { schedulerDeps, startScheduler, type SchedulerOptions } from './scheduling/scheduler';
import { listenForJobs } from './lib/jobs';
import { retentionOptionsFrom, startRetentionWorker } from './privacy/retentionWorker';
import { startWebhookWorkers } from './webhooks/workers';
import { startAnalysisWorker } from './outcomes/worker';
import { createEmbeddedVoice } from './voice/embedded';
import { endCall } from './voice/callLog';

export interface ServerConfig {
  /** postgres://… → PostgreSQL; otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir: string | null;
  secret?: string;
  baseURL?: string;
  trustedOrigins?: string[];
  consoleDir?: string;
  chatbotDir?: string;
  widgetFiles?: Record<string, string>;
  logLevel?: string;
  /** An in-memory database starts from this PGlite dump (tests; see db/client.ts). */
  pgliteTemplate?: Blob;
  /**
   * The scheduler of outbound calls: its clock, lease … (tests); `pollMs` between rounds;
   * `manual`: no rounds of its own (a test runs them with runOnce).
   */
  scheduler?: SchedulerOptions & { pollMs?: number; manual?: boolean };
  /** Where provider keys (OPENAI_API_KEY …) are read from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Tests only: a cheaper password hash (auth/auth.ts); unset, better-auth's scrypt. */
  passwordHasher?: PasswordHasher;
  /** The server's time where features read the clock by day (business hours); tests set it. */
  clock?: () => Date;
}

/** Reads PARLEY_SECRET, or keeps a generated one in the data directory. */
export function resolveSecret(dataDir: string | null, explicit?: string): string {
  if (explicit) return explicit;
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Opens the database (migrations applied), creates auth and the app. */
export async function createServer(config: ServerConfig) {
  // Errors are logged capped (a failed query with 100,000 parameters is not a 9 MB line).
  const logger = pino({ level: config.logLevel ?? 'info', serializers: { err: cappedError } });
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const database: Database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl || !config.dataDir ? undefined : join(config.dataDir, 'pglite'),
    template: config.pgliteTemplate,
  });
  if (!database.hasVector) {
    logger.warn(
      'pgvector is not installed on this PostgreSQL server: vector search falls back to full-text',
    );
  }
  const secret = resolveSecret(config.dataDir, config.secret);
  const auth = createAuth(database.db, {
    secret,
    baseURL: config.baseURL,
    trustedOrigins: config.trustedOrigins,
    passwordHasher: config.passwordHasher,
  });
  // Sessions are cached in memory; the session/user triggers NOTIFY every process to drop them.
  const sessions = new SessionCache(auth);
  const unlisten = await database.listen(
    sessionChannel,
    (payload) => sessions.invalidate(payload),
    (live) => sessions.setLive(live),
  );
  // Memberships and agent lists too; the member/organization/agents/apps triggers NOTIFY.
  const tenantCache = new TenantCache();
  const unlistenCache = await database.listen(
    cacheChannel,
    (payload) => tenantCache.invalidate(payload),
    (live) => tenantCache.setLive(live),
  );
  attachTenantCache(database.db, tenantCache);
  // A member's reply and takeovers reach the open widgets on every process (conversations/live).
  const conversationBus = new ConversationBus();
  const unlistenConversations = await database.listen(conversationChannel, (payload) =>
    conversationBus.receive(payload),
  );
  attachConversationBus(database.db, conversationBus);
  const env = config.env ?? process.env;
  const embedder = embedderFrom(env);
  let vector: VectorIndex | null = null;
  if (embedder && database.hasVector) {
    await ensureEmbeddingTable(database.db, embedder.dimensions);
    // The embedding key is the install's: a shared provider resource, lent only to the
    // organizations the shared providers serve (the others get full-text search, and are told).
    const db = database.db;
    vector = { embedder, servesOrg: (orgId) => sharedProvidersServe(db, env, orgId) };
  } else if (embedder) {
    logger.warn(
      'An embedding provider is set but this PostgreSQL has no pgvector: knowledge search uses full-text only',
    );
  }
  if (database.kind === 'pglite') {
    const requeued = await requeueOrphanedJobs(database.db);
    if (requeued)
      logger.warn({ requeued }, 'Ingestion jobs left running by a crash were queued again');
    // No autovacuum in the embedded database: fresh planner statistics at every start.
    await refreshPlannerStats(database.db, vector);
  }
  const staleSeconds = Number(env.PARLEY_INGEST_STALE_SECONDS ?? staleAfterSeconds);
  const ingestion = startIngestionWorker(database.db, logger, vector, {
    staleSeconds:
      Number.isFinite(staleSeconds) && staleSeconds > 0 ? staleSeconds : staleAfterSeconds,
  });
  const secrets = createSecretBox(secret);
  // The contactability ledger's keyed hash of erased people (privacy/ledger.ts).
  configureContactKey(secret);
  const pollMs = Number(env.PARLEY_REPLY_POLL_MS ?? 1000);
  const replies = startReplyWorker(
    {
      db: database.db,
      secrets,
      env,
      logger,
      retrieve: retrieverFor(database.db, vector, logger),
      clock: config.clock,
    },
    Number.isFinite(pollMs) && pollMs > 0 ? pollMs : 1000,
  );
  // Scheduled mail and campaigns (messaging/mail): polled like the replies.
  const mail = startMailWorker(
    { db: database.db, secrets, env, logger },
    Number.isFinite(pollMs) && pollMs > 0 ? pollMs : 1000,
  );
  // Mailboxes with IMAP settings are read here, each by one process (a lease; messaging/mail/imap).
  const imap = startImapPoller({ db: database.db, secrets, env, logger, replies });
  // Scheduled outbound calls: the event rows are the jobs, claimed when due (scheduling/).
  const schedulerPollMs = config.scheduler?.pollMs ?? Number(env.PARLEY_SCHEDULER_POLL_MS ?? 1000);
  const scheduler = startScheduler(
    schedulerDeps({ db: database.db, secrets, env, logger }, config.scheduler),
    Number.isFinite(schedulerPollMs) && schedulerPollMs > 0 ? schedulerPollMs : 1000,
    { manual: config.scheduler?.manual },
  );
  // Agent test runs too long to answer at once run here (the run rows are the jobs).
  const testRuns = startTestRunWorker({ db: database.db, secrets, env, logger, vector });
  // Retention: each organization's data older than its retention_days, purged in batches.
  const retention = startRetentionWorker(
    { db: database.db, logger },
    // PGlite has no autovacuum: each purge refreshes the statistics its batches are planned by.
    { ...retentionOptionsFrom(env), refreshStatistics: database.kind === 'pglite' },
  );
  // Events out (webhooks/) and the idle end of conversations (conversations/lifecycle.ts).
  const events = startWebhookWorkers({ db: database.db, secrets, env, logger });
  // Outcomes: an ended conversation's plan filled by its agent's model (outcomes/).
  const analysis = startAnalysisWorker({ db: database.db, secrets, env, logger });
  // A job row added by any process wakes its worker here at once (the job runner, lib/jobs).
  const unlistenJobs = await listenForJobs(database.listen, [
    ingestion,
    replies,
    scheduler,
    testRuns,
    retention,
    events.deliveries,
    analysis,
  ]);
  // Chat turns run as many at once as the event loop keeps up with (PARLEY_ADMISSION_LAG_MS).
  const admission = admissionFrom(env);
  // Voice calls without LiveKit: /voice/stream, served by the voice worker as a child process.
  const embeddedVoice = createEmbeddedVoice({
    serverSecret: secret,
    env,
    logger,
    onOrphanedCalls: (ids) => {
      logger.warn({ calls: ids.length }, 'the embedded voice worker stopped during calls');
      for (const id of ids)
        void endCall(database.db, id, 'error', 'the voice worker stopped').catch((err: unknown) =>
          logger.error({ err }, 'call not ended'),
        );
    },
  });
  const closeDb = database.close.bind(database);
  database.close = async () => {
    await embeddedVoice.close();
    admission?.stop();
    await unlistenJobs();
    await imap.stop();
    await replies.stop();
    await mail.stop();
    await testRuns.stop();
    await retention.stop();
    await events.stop();
    await analysis.stop();
    await scheduler.stop();
    await ingestion.stop();
    await unlisten();
    await unlistenCache();
    await unlistenConversations();
    await closeDb();
  };
  const app = createApp({
    ingestion,
    db: database.db,
    auth,
    logger,
    secrets,
    env,
    vector,
    replies,
    scheduler,
    admission,
    testRuns,
    retention,
    // Several processes on one PostgreSQL share their rate limits; PGlite (one process) counts in memory.
    rateLimits: rateLimitStoresFor(database.db, database.kind),
    consoleDir: config.consoleDir,
    chatbotDir: config.chatbotDir,
    widgetFiles: config.widgetFiles,
    sessions,
    clock: config.clock,
    trustedOrigins: [...(config.baseURL ? [config.baseURL] : []), ...(config.trustedOrigins ?? [])],
    embeddedVoice,
  });
  return {
    app,
    database,
    auth,
    logger,
    ingestion,
    sessions,
    replies,
    admission,
    scheduler,
    imap,
    events,
    analysis,
    embeddedVoice,
    retention,
  };
}
