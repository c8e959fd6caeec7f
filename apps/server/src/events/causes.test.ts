import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createWebhooksClient,
  newAgentId,
  toolsDefaults,
  webhookWithSecretSchema,
  type PhoneNumberWire,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startReceiver, type Receiver } from '../../test/webhookReceiver';
import {
  agentTestRuns,
  mailboxes,
  mailCampaigns,
  mailSuppressions,
  scheduledEvents,
} from '../db/schema';
import { endCall } from '../voice/callLog';

/**
 * Every event whose cause exists today reaches a '*' webhook, written by the cause's own
 * transaction: through the real routes where they are cheap (a call from the sandbox, SMS STOP,
 * takeover and release), and by the row change any writer makes (a scheduled call's, a
 * campaign's and a test run's final status).
 */

let server: TestServer;
let owner: TestUser;
let orgId: string;
let agentId: string;
let number: PhoneNumberWire;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_WORKER_SECRET: 'worker-secret-for-tests',
    },
  });
  receiver = await startReceiver();
  owner = server.newUser();
  orgId = await owner.withOrg('Causes Org');
  agentId = newAgentId('causes');
  const app = await owner.apps.createAgent({ agentName: agentId, organizationId: orgId });
  await owner.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: app.data!.appKey,
    status: 'active',
  });
  await owner.voice.syncAllProviders({ organization_id: orgId });
  number = (await owner.voice.phoneNumberPage(orgId)).phone_numbers.find(
    (n) => n.sms_enabled && n.voice_enabled,
  )!;
  await owner.voice.assign(number.phone_id, agentId, ['voice', 'sms']);
  const res = await owner.raw('POST', `/api/org/${orgId}/webhooks`, {
    url: `${receiver.url}/all`,
    events: ['*'],
  });
  webhookWithSecretSchema.parse(res.body);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** Waits until an event of `type` matching `data` arrived; returns its data. */
async function arrived(type: string, data: Record<string, unknown> = {}) {
  const match = () =>
    receiver
      .events(type)
      .find((e) => Object.entries(data).every(([k, v]) => e.payload.data[k] === v));
  await expect.poll(() => Boolean(match()), { timeout: 20_000 }).toBe(true);
  return match()!.payload.data;
}

describe('the events of today’s causes', () => {
  it('a call: call.started and conversation.started; its end: call.ended and conversation.ended', async () => {
    const sim = await owner.voice.simulateEvent(orgId, {
      event: 'voice',
      to: number.phone_number,
      from: '+15005550199',
    });
    const id = sim.conversation_id!;
    expect(await arrived('call.started', { call_id: id })).toMatchObject({
      agent_name: agentId,
      channel: 'voice',
      contact: '+15005550199',
    });
    await arrived('conversation.started', { conversation_id: id });
    await endCall(server.db, id, 'caller', 'completed');
    expect(await arrived('call.ended', { call_id: id })).toMatchObject({
      ended_by: 'caller',
      duration_seconds: expect.any(Number),
    });
    await arrived('conversation.ended', { conversation_id: id });
  });

  it('SMS STOP: contact.opted_out; takeover and release: takeover.started and takeover.released', async () => {
    const sim = await owner.voice.simulateEvent(orgId, {
      event: 'sms',
      to: number.phone_number,
      from: '+15005550177',
      text: 'STOP',
    });
    expect(await arrived('contact.opted_out', { contact: '+15005550177' })).toMatchObject({
      channel: 'sms',
      keyword: 'STOP',
    });
    const id = sim.conversation_id!;
    expect((await owner.raw('POST', `/api/conversations/${id}/takeover`, {})).status).toBe(200);
    expect((await owner.raw('POST', `/api/conversations/${id}/release`, {})).status).toBe(200);
    expect(await arrived('takeover.started', { conversation_id: id })).toMatchObject({
      member: { user_id: owner.userId, name: expect.any(String) },
    });
    await arrived('takeover.released', { conversation_id: id });
  });

  it('a scheduled call, a campaign and a test run that finish tell so, whoever writes their status', async () => {
    const [event] = await server.db
      .insert(scheduledEvents)
      .values({
        organizationId: orgId,
        agentName: agentId,
        recipientPhone: '+15005550155',
        scheduledTime: new Date(),
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await server.db
      .update(scheduledEvents)
      .set({ status: 'failed', statusReason: 'busy: retries used up' })
      .where(eq(scheduledEvents.id, event!.id));
    expect(await arrived('scheduled_call.failed', { scheduled_call_id: event!.id })).toMatchObject({
      contact: '+15005550155',
      reason: 'busy: retries used up',
      attempts: 0,
    });

    const [box] = await server.db
      .insert(mailboxes)
      .values({ organizationId: orgId, emailAddress: 'news@causes.example', inboundToken: 'tok' })
      .returning();
    const [campaign] = await server.db
      .insert(mailCampaigns)
      .values({
        organizationId: orgId,
        mailboxId: box!.id,
        name: 'Spring',
        subject: 'Hi',
        body: 'Hello',
      })
      .returning();
    await server.db
      .update(mailCampaigns)
      .set({ status: 'completed' })
      .where(eq(mailCampaigns.id, campaign!.id));
    expect(await arrived('campaign.completed', { campaign_id: campaign!.id })).toMatchObject({
      name: 'Spring',
      mailbox: 'news@causes.example',
      sent: 0,
    });
    await server.db.insert(mailSuppressions).values({
      organizationId: orgId,
      emailAddress: 'reader@causes.example',
      reason: 'unsubscribed',
      campaignId: campaign!.id,
    });
    expect(await arrived('contact.opted_out', { contact: 'reader@causes.example' })).toMatchObject({
      channel: 'email',
      campaign_id: campaign!.id,
    });

    const [run] = await server.db
      .insert(agentTestRuns)
      .values({ organizationId: orgId, agentName: agentId, testIds: [], total: 0 })
      .returning();
    await server.db
      .update(agentTestRuns)
      .set({ status: 'passed', finishedAt: new Date() })
      .where(eq(agentTestRuns.id, run!.id));
    expect(await arrived('test_run.completed', { test_run_id: run!.id })).toMatchObject({
      agent_name: agentId,
      status: 'passed',
      total: 0,
      passed: 0,
    });
  });

  it('events of another organization never reach this one’s webhooks', async () => {
    const other = server.newUser();
    const otherOrg = await other.withOrg('Elsewhere');
    const before = receiver.received.length;
    const hooks = createWebhooksClient({ baseUrl: '/api/org', fetch: other.fetch });
    expect((await hooks.list(otherOrg)).webhooks).toEqual([]);
    await other.voice.syncAllProviders({ organization_id: otherOrg });
    const theirs = (await other.voice.phoneNumberPage(otherOrg)).phone_numbers.find(
      (n) => n.sms_enabled,
    )!;
    await other.voice.simulateEvent(otherOrg, {
      event: 'sms',
      to: theirs.phone_number,
      from: '+15005550111',
      text: 'STOP',
    });
    // Our own event afterwards arrives; theirs never does.
    await owner.voice.simulateEvent(orgId, {
      event: 'sms',
      to: number.phone_number,
      from: '+15005550112',
      text: 'STOP',
    });
    await arrived('contact.opted_out', { contact: '+15005550112' });
    expect(receiver.received.slice(before).some((r) => r.body.includes('+15005550111'))).toBe(
      false,
    );
  });
});
