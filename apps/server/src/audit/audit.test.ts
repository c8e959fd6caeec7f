import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLogSchema, auditVerifySchema, newAgentId, type AuditLog } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { conversations } from '../db/schema';
import { writeAudit } from './log';
import { canonicalJson } from './chain';

// The audit log over HTTP on PGlite and PostgreSQL: what each action records (secrets never),
// who may read it, filters and paging, the database refusing UPDATE/DELETE/TRUNCATE, the hash
// chain catching a tampered row, concurrent writers, and isolation between organizations.

let server: TestServer;
/** The audited organization's owner, a user who joins it in the first test, and an outsider. */
let owner: TestUser;
let orgId: string;
let member: TestUser;
let stranger: TestUser;
let strangerOrg: string;

beforeAll(async () => {
  // Webhooks to a loopback address are allowed here (their audit entries; nothing is delivered).
  server = await startTestServer({ env: { PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } });
  owner = server.newUser();
  orgId = await owner.withOrg('Audited Org');
  member = server.newUser();
  await member.signUp();
  stranger = server.newUser();
  strangerOrg = await stranger.withOrg('Elsewhere');
});
afterAll(async () => {
  await server?.close();
});

const logOf = async (user: TestUser, query = '', org = orgId): Promise<AuditLog> => {
  const res = await user.raw('GET', `/api/org/${org}/audit-log${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return auditLogSchema.parse(res.body);
};

describe('the audit log', () => {
  it('records members, roles, invitations, credentials, agents and privacy — secrets as ••••', async () => {
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    const members = await owner.org.members(orgId);
    const memberId = members.members.find((m) => m.userId === member.userId)!.memberId;
    await owner.org.changeRole(orgId, memberId, 'admin');
    await owner.org.changeRole(orgId, memberId, 'member');
    const invited = await owner.org.invite(orgId, { email: 'new@example.com', role: 'member' });
    await owner.org.cancelInvitation(orgId, invited.invitation.id);
    const secretKey = 'sk-live-very-secret-1234567890';
    expect(
      (
        await owner.raw('PUT', `/api/integrations/organization/${orgId}/openai`, {
          credentials: { api_key: secretKey },
        })
      ).status,
    ).toBe(200);
    await owner.raw('PUT', `/api/integrations/organization/${orgId}/openai`, {
      credentials: { api_key: `${secretKey}-2` },
    });
    await owner.raw('DELETE', `/api/integrations/organization/${orgId}/openai`);
    const agent = newAgentId('audited');
    const created = await owner.apps.createAgent({ agentName: agent, organizationId: orgId });
    await owner.agents.update(agent, {
      organization_id: orgId,
      system_prompt: 'Be brief.',
      model_api_key: 'sk-agent-secret-abcdef123456',
    });
    await owner.agents.update(agent, { organization_id: orgId, system_prompt: 'Be briefer.' });
    const appKey = created.data!.appKey;
    expect(
      (await owner.raw('POST', '/api/prompt-config', { chatbot_api_key: appKey, prompt: 'Short.' }))
        .status,
    ).toBe(200);
    await owner.raw('PUT', `/api/org/${orgId}/privacy`, { storage_mode: 'redacted' });

    const log = await logOf(owner, '?limit=100');
    const actions = log.entries.map((e) => e.action).reverse();
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.add',
        'member.role_change',
        'invitation.create',
        'invitation.cancel',
        'integration.create',
        'integration.update',
        'integration.delete',
        'agent.update',
        'privacy.update',
      ]),
    );
    const text = JSON.stringify(log);
    expect(text).not.toContain('very-secret');
    expect(text).not.toContain('agent-secret');
    const byAction = (a: string) => log.entries.filter((e) => e.action === a);
    expect(byAction('integration.update')[0]!.changes).toEqual([
      { field: 'credentials.api_key', before: '••••', after: '••••' },
    ]);
    expect(byAction('member.role_change').map((e) => e.changes[0])).toEqual([
      { field: 'role', before: 'admin', after: 'member' },
      { field: 'role', before: 'member', after: 'admin' },
    ]);
    const agentChanges = [...byAction('agent.create'), ...byAction('agent.update')].flatMap(
      (e) => e.changes,
    );
    expect(agentChanges).toContainEqual({ field: 'model_api_key', before: null, after: '••••' });
    expect(agentChanges).toContainEqual({
      field: 'system_prompt',
      before: 'Be brief.',
      after: 'Be briefer.',
    });
    expect(byAction('agent.update')[0]!.changes).toEqual([
      { field: 'system_prompt', before: 'Be briefer.', after: 'Short.' },
    ]);
    expect(byAction('privacy.update')[0]!.changes).toEqual([
      { field: 'storage_mode', before: 'full', after: 'redacted' },
    ]);
    const entry = log.entries[0]!;
    expect(entry.actor).toEqual({ type: 'user', id: owner.userId, email: owner.email });
    expect(entry.ip).toMatch(/127\.0\.0\.1/);
    expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('records exports (the search text only as set) and takeovers', async () => {
    const res = await owner.fetch(
      `/api/conversations/export?format=jsonl&organization_id=${orgId}&q=%2B14155550100&channel=sms`,
    );
    expect(res.status).toBe(200);
    await res.text();
    const [conv] = await server.db
      .insert(conversations)
      .values({ organizationId: orgId, channel: 'chat', endUser: 'visitor-audit' })
      .returning();
    expect((await owner.raw('POST', `/api/conversations/${conv!.id}/takeover`, {})).status).toBe(
      200,
    );
    expect((await owner.raw('POST', `/api/conversations/${conv!.id}/release`, {})).status).toBe(
      200,
    );
    const log = await logOf(owner, '?action=conversation');
    expect(log.entries.map((e) => e.action)).toEqual([
      'conversation.release',
      'conversation.takeover',
      'conversation.export',
    ]);
    expect(log.entries[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'q', before: null, after: '••••' },
        { field: 'channel', before: null, after: 'sms' },
      ]),
    );
    expect(JSON.stringify(log)).not.toContain('4155550100');
    expect(log.entries[1]!.target).toEqual({ type: 'conversation', id: conv!.id });
  });

  it('records publish and restore, API keys (never the key) and business hours', async () => {
    const agent = newAgentId('versioned');
    const created = await owner.apps.createAgent({ agentName: agent, organizationId: orgId });
    const { appKey, appId } = created.data!;
    await owner.agents.update(agent, { organization_id: orgId, system_prompt: 'Version one.' });
    const publish = (note?: string) =>
      owner.raw('POST', '/api/publish-agent', { chatbot_api_key: appKey, app_id: appId, note });
    expect((await publish('First')).status).toBe(200);
    expect((await publish()).status).toBe(200);
    // Restored with an API key: recorded as the key.
    const key = await owner.raw('POST', `/api/org/${orgId}/api-keys`, {
      name: 'CI deploys',
      scopes: ['agents:publish'],
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const { id: keyId, key: secret } = key.body as { id: string; key: string };
    const withKey = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secret },
        body: JSON.stringify(body),
      });
    const restore = await withKey(`/api/agents/${agent}/versions/1/restore`, {
      note: 'Back to one',
    });
    expect(restore.status, await restore.clone().text()).toBe(200);
    // A refused restore (no such version) records nothing.
    expect((await withKey(`/api/agents/${agent}/versions/9/restore`, {})).status).toBe(404);
    expect((await owner.raw('DELETE', `/api/org/${orgId}/api-keys/${keyId}`)).status).toBe(200);

    const hours = (await owner.raw('GET', `/api/org/${orgId}/business-hours`)).body as {
      time_zone: string;
    };
    const put = await owner.raw('PUT', `/api/org/${orgId}/business-hours`, {
      ...hours,
      time_zone: 'Europe/Paris',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const agentLog = await logOf(owner, '?action=agent&limit=100');
    const publishes = agentLog.entries.filter((e) => e.target?.id === agent);
    expect(publishes.map((e) => e.action).slice(0, 3)).toEqual([
      'agent.restore',
      'agent.publish',
      'agent.publish',
    ]);
    expect(publishes[0]!.actor).toMatchObject({ type: 'api_key', id: keyId });
    expect(publishes[1]!.actor).toMatchObject({ type: 'user', id: owner.userId });
    expect(publishes[0]!.changes).toEqual([
      { field: 'live_version', before: 2, after: 3 },
      { field: 'restored_from', before: null, after: 1 },
      { field: 'note', before: null, after: 'Back to one' },
    ]);
    expect(publishes[2]!.changes).toEqual([
      { field: 'live_version', before: null, after: 1 },
      { field: 'note', before: null, after: 'First' },
    ]);

    const keys = await logOf(owner, '?action=api_key');
    expect(keys.entries.map((e) => [e.action, e.target])).toEqual([
      ['api_key.revoke', { type: 'api_key', id: keyId }],
      ['api_key.create', { type: 'api_key', id: keyId }],
    ]);
    expect(keys.entries[1]!.changes).toEqual([
      { field: 'name', before: null, after: 'CI deploys' },
      { field: 'scopes', before: null, after: ['agents:publish'] },
    ]);
    expect(keys.entries[0]!.changes).toEqual([
      { field: 'name', before: 'CI deploys', after: null },
    ]);
    expect(JSON.stringify(keys)).not.toContain(secret);

    const hoursLog = await logOf(owner, '?action=business_hours');
    expect(hoursLog.entries).toHaveLength(1);
    expect(hoursLog.entries[0]!.changes).toEqual([
      { field: 'time_zone', before: 'UTC', after: 'Europe/Paris' },
    ]);
  });

  it('records webhooks: created, changed, secret rotated, deleted — never the secret or the URL query', async () => {
    const path = `/api/org/${orgId}/webhooks`;
    const created = await owner.raw('POST', path, {
      url: 'http://127.0.0.1:9/hook?token=tok-very-secret',
      events: ['conversation.started'],
      description: 'CRM',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = (created.body as { webhook: { id: string; secret: string } }).webhook;
    expect(
      (await owner.raw('PUT', `${path}/${hook.id}`, { description: 'CRM 2', enabled: false }))
        .status,
    ).toBe(200);
    const rotated = await owner.raw('POST', `${path}/${hook.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body as { webhook: { secret: string } }).webhook.secret;
    expect((await owner.raw('DELETE', `${path}/${hook.id}`)).status).toBe(200);

    const log = await logOf(owner, '?action=webhook');
    expect(log.entries.map((e) => e.action)).toEqual([
      'webhook.delete',
      'webhook.rotate_secret',
      'webhook.update',
      'webhook.create',
    ]);
    expect(log.entries.every((e) => e.target?.id === hook.id)).toBe(true);
    expect(log.entries[3]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'url', before: null, after: 'http://127.0.0.1:9/hook?••••' },
        { field: 'events', before: null, after: ['conversation.started'] },
      ]),
    );
    expect(log.entries[2]!.changes).toEqual([
      { field: 'description', before: 'CRM', after: 'CRM 2' },
      { field: 'enabled', before: true, after: false },
    ]);
    const text = JSON.stringify(log);
    for (const secret of [hook.secret, newSecret, 'tok-very-secret'])
      expect(text).not.toContain(secret);
  });

  it('filters by action family and actor, pages with a cursor', async () => {
    const integrations = await logOf(owner, '?action=integration');
    expect(integrations.entries.map((e) => e.action)).toEqual([
      'integration.delete',
      'integration.update',
      'integration.create',
    ]);
    expect((await logOf(owner, '?action=integration.update')).entries).toHaveLength(1);
    expect(
      (await logOf(owner, `?actor=${encodeURIComponent(owner.email.toUpperCase())}`)).entries
        .length,
    ).toBeGreaterThan(5);
    expect((await logOf(owner, `?actor=${member.userId}`)).entries).toEqual([]);
    const first = await logOf(owner, '?limit=2');
    expect(first.entries).toHaveLength(2);
    const second = await logOf(owner, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.entries.map((e) => e.id)).not.toContain(first.entries[0]!.id);
    expect(Date.parse(second.entries[0]!.at)).toBeLessThanOrEqual(Date.parse(first.entries[1]!.at));
    const bad = await owner.raw('GET', `/api/org/${orgId}/audit-log?limit=0`);
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^limit: /);
  });

  it('owners and admins read it; members get 403, other organizations 404', async () => {
    const res = await member.raw('GET', `/api/org/${orgId}/audit-log`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only an owner or admin can read the audit log');
    expect((await member.raw('GET', `/api/org/${orgId}/audit-log/verify`)).status).toBe(403);
    expect((await stranger.raw('GET', `/api/org/${orgId}/audit-log`)).status).toBe(404);
    expect((await stranger.raw('GET', `/api/org/${orgId}/audit-log/verify`)).status).toBe(404);
    // Their own log has none of this organization's entries.
    expect((await logOf(stranger, '', strangerOrg)).entries).toEqual([]);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const statement of [
      sql`UPDATE audit_log SET action = 'nothing' WHERE organization_id = ${orgId}`,
      sql`DELETE FROM audit_log WHERE organization_id = ${orgId}`,
      sql`TRUNCATE audit_log`,
    ]) {
      const error = await server.db.execute(statement).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/append-only/);
    }
    expect((await logOf(owner, '?limit=500')).entries.length).toBeGreaterThan(5);
  });

  it('verify walks the chain; concurrent writers of one organization stay in one chain', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        writeAudit(server.db, {
          organizationId: orgId,
          actor: { type: 'system', id: null, email: null },
          action: 'test.concurrent',
          changes: [{ field: 'n', before: null, after: i }],
        }),
      ),
    );
    const res = await owner.raw('GET', `/api/org/${orgId}/audit-log/verify`);
    expect(res.status).toBe(200);
    const verified = auditVerifySchema.parse(res.body);
    expect(verified.ok).toBe(true);
    expect(verified.broken).toBeNull();
    expect(verified.entries).toBe((await logOf(owner, '?limit=500')).entries.length);
  });

  it('verify names the entry that was changed behind the trigger’s back', async () => {
    // A separate organization, so the rest of this file keeps an intact chain.
    const auditor = server.newUser();
    const org = await auditor.withOrg('Tampered Org');
    for (const storage_mode of ['redacted', 'metadata_only', 'full'])
      await auditor.raw('PUT', `/api/org/${org}/privacy`, { storage_mode });
    const before = await logOf(auditor, '', org);
    const victim = before.entries[1]!;
    // As the database's owner could: the trigger off, a row edited, the trigger back on.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await tx.execute(
        sql`UPDATE audit_log SET changes = '[]'::jsonb WHERE id = ${victim.id}::uuid`,
      );
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    });
    const res = auditVerifySchema.parse(
      (await auditor.raw('GET', `/api/org/${org}/audit-log/verify`)).body,
    );
    expect(res.ok).toBe(false);
    expect(res.broken).toMatchObject({ id: victim.id, at: victim.at });
    expect(res.broken!.reason).toMatch(/do not match its hash/);
    expect(res.entries).toBe(1);
    // The first organization's chain is unaffected.
    expect(
      auditVerifySchema.parse((await owner.raw('GET', `/api/org/${orgId}/audit-log/verify`)).body)
        .ok,
    ).toBe(true);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"z":1}]},"b":1}',
    );
  });
});
