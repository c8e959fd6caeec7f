import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { bearerOf } from '../lib/publicAccess';
import { agentOfKey } from '../runtime/agentKeys';

export const draftAgentMessage = 'This agent is a draft: publish it to use its public key';

/**
 * A draft (unpublished) agent does not answer on its public key: a bearer key of an agent whose
 * status is not 'active' → 403 (with CORS, so the widget can read it). Unknown keys pass on to
 * the route, which answers 401. The console's own preview (/api/chatbot/chat) is not affected.
 */
export function requirePublishedAgent(db: Db): MiddlewareHandler {
  return async (c, next) => {
    const key = bearerOf(c);
    if (!key) return next();
    // Through the agent-key cache the route itself then reads (no database round trip).
    const row = await agentOfKey(db, key);
    if (!row || row.status === 'active') return next();
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(
      {
        success: false,
        error: draftAgentMessage,
        message: draftAgentMessage,
        detail: draftAgentMessage,
        code: 'agent_not_published',
      },
      403,
    );
  };
}
