import { Hono } from 'hono';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  chatMessagesUrl,
  importAgentRequestSchema,
  newAgentId,
  type AgentDocument,
} from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError, readJson } from '../../lib/http';
import { requireMembership } from '../../lib/tenancy';
import { agents, agentTests, apps } from '../../db/schema';
import { forgetAgentKeys } from '../../runtime/agentKeys';
import { newAppKey } from '../appRoutes';
import { draftFromDocument } from './document';
import { draftTools } from './snapshot';
import { lockAgent, replaceDraftTools, type Tx } from './store';
import type { AgentRow } from './fields';

/** The agent's tests become the document's (by name: a test of the same name keeps its id). */
async function replaceTests(
  tx: Tx,
  agent: Pick<AgentRow, 'agentName' | 'organizationId'>,
  tests: NonNullable<AgentDocument['tests']>,
) {
  const ofAgent = and(
    eq(agentTests.agentName, agent.agentName),
    eq(agentTests.organizationId, agent.organizationId),
  );
  const names = tests.map((t) => t.name.trim());
  await tx
    .delete(agentTests)
    .where(names.length ? and(ofAgent, notInArray(agentTests.name, names)) : ofAgent);
  const existing = names.length
    ? await tx
        .select({ id: agentTests.id, name: agentTests.name })
        .from(agentTests)
        .where(and(ofAgent, inArray(agentTests.name, names)))
    : [];
  for (const test of tests) {
    const values = {
      name: test.name.trim(),
      turns: test.turns,
      variables: test.variables,
      toolMocks: test.tool_mocks,
      repetitions: test.repetitions,
    };
    const found = existing.find((e) => e.name === values.name);
    if (found)
      await tx
        .update(agentTests)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(agentTests.id, found.id));
    else
      await tx
        .insert(agentTests)
        .values({ ...values, agentName: agent.agentName, organizationId: agent.organizationId });
  }
}

/**
 * PUT …/draft: the document replaces the agent's draft — its settings and tools, its display
 * name, and its tests when the document has them — in one transaction, after every check
 * (nothing is written when one fails). Secrets the document names without a value keep the
 * stored ones.
 */
export async function replaceDraftFromDocument(
  services: Services,
  doc: AgentDocument,
  context: { agent: AgentRow; userId: string | null },
) {
  const { agent } = context;
  const draft = await draftFromDocument(services, doc, {
    organizationId: agent.organizationId,
    userId: context.userId,
    current: { row: agent, tools: await draftTools(services.db, agent) },
  });
  await services.db.transaction(async (tx) => {
    await lockAgent(tx, agent);
    await tx
      .update(agents)
      .set({
        ...draft.columns,
        analysisPlan: draft.analysisPlan,
        name: doc.name,
        updatedAt: new Date(),
      })
      .where(
        and(eq(agents.agentName, agent.agentName), eq(agents.organizationId, agent.organizationId)),
      );
    await replaceDraftTools(tx, agent, draft.tools);
    if (doc.tests) await replaceTests(tx, agent, doc.tests);
  });
  forgetAgentKeys();
  return draft;
}

/** An agent id prefix from a document's name: lowercase letters, digits and _, 3–40 long. */
export function prefixFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return slug.length >= 3 ? slug : 'agent';
}

/**
 * POST /api/agents/import: a new agent of the organization from a document — a draft (not
 * published: its first publish makes version 1), with its own app and key for the runtime —
 * created in one transaction after every check.
 */
export function importRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  app.post('/import', async (c) => {
    const body = await readJson(c, importAgentRequestSchema);
    const user = c.get('user');
    await requireMembership(db, user.id, body.organization_id);
    const doc = body.document;
    const agentName = body.agent_name ?? newAgentId(prefixFromName(doc.name));
    const [taken] = await db
      .select({ agentName: agents.agentName })
      .from(agents)
      .where(eq(agents.agentName, agentName))
      .limit(1);
    if (taken)
      throw new HttpError(409, `agent_name: an agent named ${agentName} already exists`, {
        issues: [{ field: 'agent_name', message: 'an agent with this name already exists' }],
      });
    const draft = await draftFromDocument(services, doc, {
      organizationId: body.organization_id,
      userId: user.id,
      current: { row: null, tools: [] },
    });
    const appKey = newAppKey();
    const origin = (services.env.PUBLIC_URL?.trim() || new URL(c.req.url).origin).replace(
      /\/+$/,
      '',
    );
    const ref = { agentName, organizationId: body.organization_id };
    await db
      .transaction(async (tx) => {
        await tx.insert(agents).values({
          ...draft.columns,
          analysisPlan: draft.analysisPlan,
          ...ref,
          name: doc.name,
          status: 'draft',
          chatbotApi: chatMessagesUrl(`${origin}/v1`),
          chatbotKey: appKey,
        });
        await tx.insert(apps).values({
          ...ref,
          appKey,
          modelProvider: draft.columns.modelProvider ?? '',
          modelName: draft.columns.modelName ?? '',
          agentType: doc.agent_type,
        });
        await replaceDraftTools(tx, ref, draft.tools);
        if (doc.tests?.length) await replaceTests(tx, ref, doc.tests);
      })
      .catch((error: unknown) => {
        // The same name taken meanwhile (a unique violation): nothing was written.
        const e = error as { code?: string; cause?: { code?: string } };
        if (e.code === '23505' || e.cause?.code === '23505')
          throw new HttpError(409, `agent_name: an agent named ${agentName} already exists`, {
            issues: [{ field: 'agent_name', message: 'an agent with this name already exists' }],
          });
        throw error;
      });
    forgetAgentKeys();
    return c.json(
      {
        success: true as const,
        agent_name: agentName,
        ...(draft.missingSecrets.length ? { missing_secrets: draft.missingSecrets } : {}),
      },
      201,
    );
  });
  return app;
}
