import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secrets';
import { installMailerFrom } from '../org/inviteMail';
import { publicUrlOf } from '../telephony/resolve';
import { idleSecondsFrom, startIdleWorker } from '../conversations/lifecycle';
import { deliveryConcurrencyFrom, retrySecondsFrom, webhookAllowHosts } from './config';
import { notifyDisabled } from './disable';
import { startDeliveryWorker } from './queue';
import { webhookFetch } from './send';

/**
 * The background work of events in one server process: the webhook deliveries (woken by the
 * NOTIFY of a new delivery) and the idle end of conversations. The environment is read here once:
 * a bad PARLEY_WEBHOOK_RETRY_SECONDS, PARLEY_WEBHOOK_CONCURRENCY or
 * PARLEY_CONVERSATION_IDLE_SECONDS stops the server at start, naming the variable.
 */
export function startWebhookWorkers(deps: {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
}) {
  const { db, env, logger } = deps;
  const allowHost = webhookAllowHosts(env);
  const deliveries = startDeliveryWorker({
    db,
    secrets: deps.secrets,
    logger,
    retrySeconds: retrySecondsFrom(env.PARLEY_WEBHOOK_RETRY_SECONDS),
    concurrency: deliveryConcurrencyFrom(env.PARLEY_WEBHOOK_CONCURRENCY),
    allowHost,
    send: webhookFetch(env.PARLEY_WEBHOOK_ALLOW_HOSTS, allowHost),
    onDisabled: notifyDisabled({
      db,
      logger,
      mailer: installMailerFrom(env),
      publicUrl: publicUrlOf(env),
    }),
  });
  const idle = startIdleWorker({
    db,
    logger,
    idleSeconds: idleSecondsFrom(env.PARLEY_CONVERSATION_IDLE_SECONDS),
  });
  // Work left from before a restart (retries due, conversations gone quiet) is taken up now.
  deliveries.wake();
  idle.wake();
  return {
    deliveries,
    idle,
    stop: async () => {
      await Promise.all([deliveries.stop(), idle.stop()]);
    },
  };
}
