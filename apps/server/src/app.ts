import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { uploadLimits } from './knowledge/parse';
import type { Logger } from 'pino';
import { serveConsole } from './static';
import { serveWidgets } from './widgets';
import { chatbotRoutes } from './chatbot/page';
import { compressAnswers } from './lib/compress';
import { securityHeaders } from './lib/securityHeaders';
import type { Db } from './db/client';
import type { Auth } from './auth/auth';
import type { AppEnv, Services } from './lib/env';
import { HttpError } from './lib/http';
import { authHandler, SessionCache } from './auth/session';
import { carriesApiKey, requireCaller } from './apikeys/auth';
import { apiKeyRoutes } from './apikeys/routes';
import { csrfProtection } from './lib/csrf';
import { tenantCacheOf } from './lib/tenantCache';
import { requirePublishedAgent } from './agents/published';
import { authLimitsFrom, authRateLimits } from './auth/rateLimits';
import type { RateLimitStores } from './lib/rateLimitStore';
import { invitationRoutes, orgRoutes } from './org/routes';
import { privacyRoutes } from './privacy/routes';
import type { RetentionWorker } from './privacy/retentionWorker';
import { auditRoutes } from './audit/routes';
import { agentRoutes } from './agents/routes';
import { agentTestRoutes } from './agent-tests/routes';
import { versionRoutes } from './agents/versions/routes';
import { importRoutes } from './agents/versions/importDocument';
import type { TestRunWorker } from './agent-tests/worker';
import { toolRoutes } from './tools/routes';
import { findAgentForUser } from './agents/store';
import { appRoutes } from './agents/appRoutes';
import { voiceRoutes } from './voice/routes';
import { modelRoutes } from './agents/modelRoutes';
import { runtimeRoutes } from './runtime/routes';
import { conversationEventRoutes } from './conversations/publicRoutes';
import { visitorHandoffRoutes } from './handoff/visitorRoutes';
import { provideTurnHooks } from './runtime/turnHooks';
import { answerWhileHeld } from './handoff/heldTurn';
import { handoffTail, offlineHandoff } from './handoff/turn';
import { recordHandoff } from './handoff/record';
import type { Admission } from './lib/admission';
import { openApiRoutes } from './openapi';
import { voiceTokenRoutes } from './voice/tokenRoutes';
import { voiceInternalRoutes } from './voice/internalRoutes';
import type { EmbeddedVoice } from './voice/embedded';
import type { SecretBox } from './lib/secrets';
import { datasetRetrieveRoutes, knowledgeRoutes } from './knowledge/routes';
import type { IngestionWorker } from './knowledge/ingest';
import { retrieveSegments, type VectorIndex } from './knowledge/retrieve';
import type { RuntimeDeps } from './runtime/chat';
import { phoneNumberRoutes } from './phone-numbers/routes';
import { telephonyRoutes } from './telephony/routes';
import { recordInboundMessage } from './messaging/intake';
import { registerMemberTexts } from './messaging/memberSend';
import { twilioWebhookRoutes } from './webhooks/twilio';
import { integrationRoutes } from './integrations/routes';
import { sharedProviderRoutes } from './system/sharedRoutes';
import { systemStatusRoutes } from './system/systemStatus';
import { messagingRoutes } from './messaging/routes';
import { mappingRoutes } from './messaging/mappings';
import {
  whatsappCloudIntegration,
  whatsappCloudProvider,
  whatsappCloudRoutes,
} from './messaging/whatsappCloud';
import { registerIntegrationProvider } from './integrations/providers';
import { voiceProviderRules } from './integrations/voiceProviders';
import { twilioIntegration } from './telephony/twilio';
import { provideBuiltinServices } from './tools/builtinServices';
import { addDoNotCall, doNotCallEntry } from './scheduling/settings';
import { createEvent } from './scheduling/events';
import { recordOptOut } from './messaging/optOut';
import { sendChannelMessage } from './messaging/channelSend';
import { sendMailNow } from './messaging/mail/sendNow';
import { limitFor, sendLimitsOf } from './messaging/sendLimits';
import { sendingNumbers } from './phone-numbers/numbers';
import { planHandoff } from './handoff/plan';
import { mailRoutes, mailWebhookRoutes } from './messaging/mail/routes';
import { scheduledRoutes } from './scheduling/routes';
import type { Scheduler } from './scheduling/scheduler';
import { systemClock } from './scheduling/clock';
import { conversationRoutes } from './conversations/routes';
import { analyticsRoutes } from './conversations/analyticsRoutes';
import { outcomeRoutes } from './outcomes/routes';
import { webhookRoutes as eventWebhookRoutes } from './webhooks/routes';
import { handoffOrgRoutes, profileRoutes, waitingRoutes } from './handoff/routes';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The largest request body: the 10 MB upload limit plus room for the multipart envelope. */
export const maxRequestBytes = uploadLimits.maxBytes + 64 * 1024;

/**
 * The largest webhook body: providers' real payloads are a few KB, and a webhook's signature is
 * checked on these bytes before anything is parsed, so what an unauthenticated request costs is
 * bounded by this.
 */
export const maxWebhookBytes = 1024 * 1024;
const isWebhook = (path: string) => path === '/webhooks' || path.startsWith('/webhooks/');
/** A mailbox's inbound URL takes a raw message of at most 10 MB (messaging/mail). */
export const maxMailWebhookBytes = 10 * 1024 * 1024;
const isMailInbound = (path: string) => path.startsWith('/webhooks/mail/');

/** A body over the limit, named by what the route takes. */
function tooLarge(path: string): never {
  if (isMailInbound(path))
    throw new HttpError(413, 'body: A message is larger than the 10 MB limit');
  if (isWebhook(path))
    throw new HttpError(413, 'body: A webhook request is larger than the 1 MB limit');
  if (path.endsWith('/documents/file'))
    throw new HttpError(400, 'file: The file is larger than the 10 MB limit');
  if (path.endsWith('/documents'))
    throw new HttpError(400, 'content: The text is larger than the 10 MB limit');
  throw new HttpError(413, 'body: The request is larger than the 10 MB limit');
}

export interface AppOptions {
  db: Db;
  auth: Auth;
  logger: Logger;
  secrets: SecretBox;
  env?: Record<string, string | undefined>;
  /** The knowledge ingestion worker (created by createServer). */
  ingestion: IngestionWorker;
  vector?: VectorIndex | null;
  /** The reply queue of the message channels (created by createServer with `replyDeps`). */
  replies?: { wake(): void };
  /** The scheduler of outbound calls (created by createServer). */
  scheduler?: Scheduler;
  /** The background runner of agent test runs (created by createServer). */
  testRuns?: TestRunWorker;
  /** The retention worker (created by createServer; privacy/retentionWorker.ts). */
  retention?: RetentionWorker;
  /** Admission for chat turns (created by createServer from PARLEY_ADMISSION_LAG_MS). */
  admission?: Admission | null;
  /** Where rate limits count (createServer: PostgreSQL's table, shared by every process). */
  rateLimits?: RateLimitStores;
  /** Widget bundle files by name (see widgets.ts); omitted in API-only tests. */
  widgetFiles?: Record<string, string>;
  /** Directory of the built console (apps/console/dist); omitted in API-only tests. */
  consoleDir?: string;
  /** Directory of the built public chat page (packages/chat-widget/dist/page). */
  chatbotDir?: string;
  /** The session cache (createServer wires its invalidation to the database); else a local one. */
  sessions?: SessionCache;
  /** Origins besides the request's own allowed to send state-changing requests (PUBLIC_URL …). */
  trustedOrigins?: string[];
  /** The embedded WebSocket voice transport (created by createServer). */
  embeddedVoice?: EmbeddedVoice;
  /** The server's time where features read the clock by day (business hours); tests set it. */
  clock?: () => Date;
}

/**
 * Retrieval from an agent's knowledge bases (model-config dataset_configs) for the runtime: the
 * passages' hit counts are written once the turn's answer has ended, never delaying the model call.
 */
export function retrieverFor(
  db: Db,
  vector: VectorIndex | null,
  logger?: Logger,
): RuntimeDeps['retrieve'] {
  return async (agent, query, turn, head) =>
    (
      await retrieveSegments(
        db,
        {
          organizationId: agent.organizationId,
          knowledgeBaseIds: agent.knowledgeBaseIds,
          query,
        },
        vector,
        {
          hitCounts: 'background',
          hitCountsAfter: turn?.answered,
          onHitCountError: (err) => logger?.warn({ err }, 'hit counts not written'),
          head,
        },
      )
    ).map((s) => ({ content: s.content, source: s.documentName }));
}

/**
 * The integration providers, in the one registry (integrations/providers.ts): Twilio, the voice
 * and model providers (an `api_key` each, tested on the provider's API) and WhatsApp Cloud.
 */
export function registerIntegrationProviders() {
  registerIntegrationProvider('twilio', twilioIntegration);
  for (const { provider, rules } of voiceProviderRules())
    registerIntegrationProvider(provider, rules);
  registerIntegrationProvider(whatsappCloudProvider, whatsappCloudIntegration);
}

/** What the built-in tools do in the other rooms (tools/builtinServices.ts), given at startup. */
export function provideToolServices() {
  provideBuiltinServices({
    addDoNotCall,
    doNotCallEntry,
    recordOptOut,
    createEvent,
    planHandoff,
    sendingNumbers,
    sendChannelMessage,
    sendMailNow,
    sendsPerDay: (env, orgId) => limitFor(sendLimitsOf(env), orgId).perDay,
  });
}

/** Builds the Hono app: auth, the services under their base paths, then the console (SPA fallback). */
export function createApp(options: AppOptions) {
  registerIntegrationProviders();
  provideToolServices();
  provideTurnHooks({ answerWhileHeld, offlineHandoff, handoffTail, recordHandoff });
  registerMemberTexts();
  const sessions = options.sessions ?? new SessionCache(options.auth);
  const services: Services = {
    db: options.db,
    auth: options.auth,
    logger: options.logger,
    secrets: options.secrets,
    env: options.env ?? {},
    vector: options.vector ?? null,
    replies: options.replies,
    admission: options.admission ?? null,
    rateLimits: options.rateLimits,
    embeddedVoice: options.embeddedVoice,
    clock: options.clock,
    // The signed-in person, or an organization API key (x-api-key) within its scopes (apikeys/):
    // each router that needs a caller applies it (`app.use('*', requireSession)`).
    requireSession: requireCaller(sessions, options.db),
    retention: options.retention,
  };
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (typeof error.extra.retryAfter === 'number')
        c.header('Retry-After', String(error.extra.retryAfter));
      return c.json(
        { success: false, error: error.message, detail: error.message, ...error.extra },
        error.status,
      );
    }
    options.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(
      { success: false, error: 'Internal server error', detail: 'Internal server error' },
      500,
    );
  });

  // No request body may exceed the upload limit (also with chunked encoding, no Content-Length):
  // it is refused while streaming in, before anything is buffered or parsed.
  // Security headers on every answer (CSP on pages); JSON over 1 KB compressed (never SSE).
  app.use('*', securityHeaders(services.env));
  app.use('*', compressAnswers());
  // GET and HEAD requests carry no body: skipped, since asking for the body builds a full Request.
  // Webhooks (/webhooks/*) take at most 1 MB, everything else the upload limit.
  const limitBody = bodyLimit({ maxSize: maxRequestBytes, onError: (c) => tooLarge(c.req.path) });
  const limitWebhook = bodyLimit({
    maxSize: maxWebhookBytes,
    onError: (c) => tooLarge(c.req.path),
  });
  const limitMail = bodyLimit({
    maxSize: maxMailWebhookBytes,
    onError: (c) => tooLarge(c.req.path),
  });
  // A body of a declared length (not chunked) is checked by its header alone: bodyLimit first asks
  // for the body, which builds a full web Request around the socket (a chat pays for it).
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const webhook = isWebhook(c.req.path);
    const mail = isMailInbound(c.req.path);
    const max = mail ? maxMailWebhookBytes : webhook ? maxWebhookBytes : maxRequestBytes;
    const length = c.req.header('Content-Length');
    if (length && /^\d+$/.test(length) && !c.req.header('Transfer-Encoding'))
      return Number(length) > max ? tooLarge(c.req.path) : next();
    return (mail ? limitMail : webhook ? limitWebhook : limitBody)(c, next);
  });
  // A state-changing request empties this process's tenancy cache once it is answered, so the
  // next request here reads the change even before the database's NOTIFY arrives. The public
  // runtime (/v1) and the voice worker's calls (/voice/internal: call log and caller turns) never
  // change memberships, organizations, agents or apps: a call's turns keep its agent cached.
  const tenantCache = tenantCacheOf(options.db);
  if (tenantCache) {
    const keepsTenancy = (path: string) =>
      path.startsWith('/v1/') || path.startsWith('/voice/internal/');
    app.use('*', async (c, next) => {
      try {
        await next();
      } finally {
        if (!safeMethods.has(c.req.method) && !keepsTenancy(c.req.path)) tenantCache.clear();
      }
    });
  }

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.route('/api', openApiRoutes());

  // CSRF: a state-changing request from a page of another site is refused on every cookie-
  // authorised path. The public runtime (/v1) and a voice token asked for with an agent key
  // carry their own credential and are cross-origin by design. A request with an organization
  // API key is authorised by that header alone (a page cannot send it to another site: no CORS).
  const csrf = csrfProtection({
    trustedOrigins: options.trustedOrigins ?? [],
    exempt: (c) =>
      carriesApiKey(c.req.raw.headers) ||
      (c.req.path.startsWith('/voice/tokens/') &&
        /^Bearer\s/i.test(c.req.header('Authorization') ?? '')),
  });
  for (const base of ['/api/*', '/voice/*', '/messaging/*']) app.use(base, csrf);

  for (const limit of authRateLimits(authLimitsFrom(services.env), services.rateLimits)) {
    app.post('/api/auth/sign-in/*', limit);
    app.post('/api/auth/sign-up/*', limit);
  }
  const handleAuth = authHandler(options.auth, sessions);
  app.on(['GET', 'POST'], '/api/auth/*', (c) => handleAuth(c.req.raw));

  // A draft agent does not answer on its public key (chat runtime, voice widget).
  const published = requirePublishedAgent(options.db);
  app.post('/v1/chat-messages', published);
  app.post('/voice/tokens/generate', published);

  // Provider webhooks: trusted only once their signature is checked (webhooks/twilio.ts).
  app.route('/webhooks', twilioWebhookRoutes(services, options.scheduler));
  // The runtime retrieves from the agent's knowledge bases (model-config dataset_configs).
  const retrieve = retrieverFor(options.db, services.vector, options.logger);
  app.route('/webhooks/whatsapp-cloud', whatsappCloudRoutes(services));
  // A mailbox's inbound URL: its random token is the credential (messaging/mail).
  app.route('/webhooks/mail', mailWebhookRoutes(services));
  // Public, key- or session-authorised: registered before the session-only /voice/* guard.
  app.route('/voice/tokens', voiceTokenRoutes(services));
  // The WebSocket call stream is an upgrade (voice/embedded, on the HTTP server itself); a plain
  // request is told so.
  app.get('/voice/stream', (c) =>
    c.json(
      {
        success: false,
        error: 'Upgrade Required',
        detail: 'This is a WebSocket: connect with the url /voice/tokens/generate answered.',
      },
      426,
    ),
  );
  // The voice worker's calls (bearer PARLEY_WORKER_SECRET), also before the session guard.
  app.route('/voice/internal', voiceInternalRoutes(services, retrieve));

  // An invite link's details (organization, address, role): shown before the invitee signs in.
  app.route('/api/invitations', invitationRoutes(services));

  // Each router below declares its own authentication (services.requireSession: the signed-in
  // person, or an organization API key within its scopes); apikeys/scopes.test.ts lists them.
  app.route('/api/org', apiKeyRoutes(services));
  app.route('/api/org', orgRoutes(services));
  app.route('/api/org', eventWebhookRoutes(services));
  app.route('/api/org', privacyRoutes(services));
  app.route('/api/org', auditRoutes(services));
  app.route('/api/org', handoffOrgRoutes(services));
  app.route('/api/account', profileRoutes(services));
  app.route('/api/agents', agentRoutes(services));
  app.route('/api/agents', agentTestRoutes(services, options.testRuns));
  app.route('/api/agents', versionRoutes(services));
  app.route('/api/agents', importRoutes(services));
  app.route('/api/agents', toolRoutes(services, findAgentForUser));
  app.route('/api/app', appRoutes(services));
  app.route('/voice/phone-numbers', phoneNumberRoutes(services));
  app.route('/voice/telephony', telephonyRoutes(services, recordInboundMessage));
  app.route(
    '/voice/scheduled',
    scheduledRoutes(services, {
      clock: options.scheduler?.deps.clock ?? systemClock,
      wake: options.scheduler ? () => options.scheduler!.wake() : undefined,
    }),
  );
  app.route('/api/integrations', integrationRoutes(services));
  app.route('/api/shared-providers', sharedProviderRoutes(services));
  app.route('/api/system-status', systemStatusRoutes(services));
  app.route('/messaging', messagingRoutes(services));
  app.route('/messaging', mappingRoutes(services));
  app.route('/messaging/mail', mailRoutes(services));
  app.route('/voice', voiceRoutes(services));
  app.route('/api/knowledge-bases', knowledgeRoutes(services, options.ingestion));
  // Before the inbox's /:id: the waiting list (handoff to people).
  app.route('/api/conversations', waitingRoutes(services));
  app.route('/api/conversations', conversationRoutes(services));
  app.route('/api/analytics', analyticsRoutes(services));
  // Outcomes: the plan, a conversation's outcome, reruns, their analytics (docs/outcomes.md).
  app.route('/api', outcomeRoutes(services));
  app.route('/api', modelRoutes(services, retrieve));
  app.route('/v1/datasets', datasetRetrieveRoutes(services));
  const visitor = {
    conversationEvents: conversationEventRoutes(services),
    handoff: visitorHandoffRoutes(services),
  };
  app.route('/v1', runtimeRoutes(services, visitor, retrieve));

  if (options.widgetFiles) serveWidgets(app, options.widgetFiles);
  app.route('/chatbot', chatbotRoutes(services, options.chatbotDir));

  // Unknown API paths answer JSON 404, never the console's index.html.
  for (const base of ['/api', '/voice', '/v1', '/messaging', '/widget', '/webhooks', '/chatbot']) {
    app.all(`${base}/*`, (c) =>
      c.json({ success: false, error: 'Not found', detail: 'Not found' }, 404),
    );
  }

  if (options.consoleDir) serveConsole(app, options.consoleDir);
  return app;
}
