import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  agentNameSchema,
  exportVersionQuerySchema,
  replaceDraftRequestSchema,
  restoreVersionRequestSchema,
  type AgentDraft,
  type AgentVersionDetail,
  type AgentVersionsList,
} from '@parley/api-client';
import type { AppEnv, Services, SessionUser } from '../../lib/env';
import { check, HttpError, notFound, readJson } from '../../lib/http';
import { findAgentForUser } from '../store';
import { listTests } from '../../agent-tests/store';
import { draftSnapshot, findVersion } from './snapshot';
import { discardDraft, listVersions, publishSnapshot, type Publisher } from './store';
import { changesBetween, settingsToWire, toolToDocument } from './wire';
import { documentOf } from './document';
import { replaceDraftFromDocument } from './importDocument';
import { audit } from '../../audit/log';

const versionNumberSchema = z.coerce
  .number({ error: 'must be a version number' })
  .int('must be a version number')
  .min(1, 'must be a version number')
  .max(1_000_000_000, 'must be a version number');

/** Who publishes: the signed-in member, by the name the Versions panel shows. */
export function publisherOf(user: SessionUser | undefined): Publisher {
  if (!user) return { id: null, name: null };
  return { id: user.id, name: user.name?.trim() || user.email || null };
}

/**
 * Versions and the draft (issue 39, docs/versions.md) under /api/agents/{agentName}: the list of
 * published versions, one version, restoring one (instantly, as a new version), what the draft
 * changes, discarding it, replacing it from a document, and the agent as a document.
 */
export function versionRoutes(services: Services) {
  const { db, secrets } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  /** The agent (404 unless it is in one of the user's organizations) and its kind. */
  const agentOf = async (c: Context<AppEnv>) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    return findAgentForUser(db, c.get('user').id, agentName);
  };

  /** What the draft changes against the live version. */
  async function draftState(agent: Awaited<ReturnType<typeof agentOf>>['agent']) {
    const draft = await draftSnapshot(db, agent);
    return changesBetween(agent.liveSnapshot, draft, secrets);
  }

  app.get('/:agentName/versions', async (c) => {
    const { agent } = await agentOf(c);
    const [versions, changes] = [await listVersions(db, agent), await draftState(agent)];
    return c.json({
      live_version: agent.liveVersion,
      draft_changed: changes.length > 0,
      versions,
    } satisfies AgentVersionsList);
  });

  app.get('/:agentName/versions/:n', async (c) => {
    const { agent } = await agentOf(c);
    const n = check(versionNumberSchema, c.req.param('n'), 'n');
    const row = await findVersion(db, agent, n);
    if (!row) throw notFound('Version');
    return c.json({
      version: row.version,
      published_at: row.createdAt.toISOString(),
      published_by: row.publishedByName,
      note: row.note,
      restored_from: row.restoredFrom,
      settings: settingsToWire(row.snapshot.settings),
      tools: row.snapshot.tools.map(toolToDocument),
      analysis: row.snapshot.analysis ?? null,
    } satisfies AgentVersionDetail);
  });

  /** A rollback: version n's settings live at once as a new version (no test run). */
  app.post('/:agentName/versions/:n/restore', async (c) => {
    const { agent } = await agentOf(c);
    const n = check(versionNumberSchema, c.req.param('n'), 'n');
    const body = await readJson(c, restoreVersionRequestSchema);
    const row = await findVersion(db, agent, n);
    if (!row) throw notFound('Version');
    const { version } = await publishSnapshot(db, agent, row.snapshot, {
      note: body.note ?? null,
      by: publisherOf(c.get('user')),
      restoredFrom: n,
    });
    await audit(c, services, agent.organizationId, {
      action: 'agent.restore',
      target: { type: 'agent', id: agent.agentName },
      changes: [
        { field: 'live_version', before: agent.liveVersion ?? null, after: version },
        { field: 'restored_from', before: null, after: n },
        ...(body.note ? [{ field: 'note', before: null, after: body.note }] : []),
      ],
    });
    return c.json({ success: true as const, version, restored_from: n });
  });

  app.get('/:agentName/draft', async (c) => {
    const { agent } = await agentOf(c);
    const changes = await draftState(agent);
    return c.json({
      draft_changed: changes.length > 0,
      live_version: agent.liveVersion,
      changes,
    } satisfies AgentDraft);
  });

  app.post('/:agentName/draft/discard', async (c) => {
    const { agent } = await agentOf(c);
    const live = await discardDraft(db, agent);
    return c.json({
      success: true as const,
      message: `The draft is version ${live} again`,
      live_version: live,
    });
  });

  app.put('/:agentName/draft', async (c) => {
    const { agent } = await agentOf(c);
    const { document } = await readJson(c, replaceDraftRequestSchema);
    const { missingSecrets } = await replaceDraftFromDocument(services, document, {
      agent,
      userId: c.get('user').id,
    });
    const fresh = await findAgentForUser(db, c.get('user').id, agent.agentName);
    const changes = await draftState(fresh.agent);
    return c.json({
      success: true as const,
      message: 'Draft replaced',
      draft_changed: changes.length > 0,
      ...(missingSecrets.length ? { missing_secrets: missingSecrets } : {}),
    });
  });

  app.get('/:agentName/export', async (c) => {
    const { agent, agentType } = await agentOf(c);
    const { version } = check(exportVersionQuerySchema, c.req.query(), 'version');
    let snapshot;
    if (version === 'draft') snapshot = await draftSnapshot(db, agent);
    else if (version === 'live') {
      if (!agent.liveSnapshot)
        throw new HttpError(404, 'This agent has no live version yet (publish it first)', {
          code: 'not_published',
        });
      snapshot = agent.liveSnapshot;
    } else {
      const row = await findVersion(db, agent, Number(version));
      if (!row) throw notFound('Version');
      snapshot = row.snapshot;
    }
    return c.json(
      documentOf({
        agentName: agent.agentName,
        name: agent.name,
        agentType,
        snapshot,
        tests: await listTests(db, agent),
      }),
    );
  });

  return app;
}
