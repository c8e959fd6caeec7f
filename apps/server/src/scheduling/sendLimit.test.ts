import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  defaultSttConfig,
  defaultTtsConfig,
  newAgentId,
  toolsDefaults,
  type ScheduledEvent,
} from '@parley/api-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { telephonyOutbox } from '../db/schema';
import { ManualClock } from './clock';
import { runOnce } from './scheduler';

// 18:00 UTC is 10:00 in California: the default calling window (08:00–21:00) is open for +1 415.
const start = new Date('2030-03-05T18:00:00Z');
const clock = new ManualClock(start);
const minute = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    // One call a minute for every organization: the sending limit counts each dial.
    env: { PARLEY_WORKER_SECRET: 'worker-secret', PARLEY_SEND_LIMIT_PER_MINUTE: '1' },
    scheduler: { clock, manual: true, sandboxCallMs: 3000, instanceId: 'limit-a' },
  });
});
afterAll(async () => {
  await server?.close();
});

const round = () => runOnce(server.scheduler.deps);

describe('scheduled calls and the organization’s sending limit', () => {
  it('given two calls due at once and a limit of one call a minute › one is dialled, the other waits naming the limit, then is dialled a minute later', async () => {
    clock.set(start);
    const user = server.newUser();
    const orgId = await user.withOrg('Limited Dialer');
    const agentId = newAgentId('caller');
    await user.agents.update(agentId, {
      organization_id: orgId,
      ...toolsDefaults,
      tts_config: defaultTtsConfig,
      stt_config: defaultSttConfig,
      status: 'active',
    });
    const due = new Date(start.getTime() + minute).toISOString();
    const phones = ['+14155553001', '+14155553002'];
    const events: ScheduledEvent[] = [];
    for (const recipient_phone of phones) {
      events.push(
        await user.voice.createScheduled({
          organization_id: orgId,
          agent_id: agentId,
          call_type: 'outbound_call',
          recipient_phone,
          scheduled_time: due,
          flexible_time_minutes: 30,
          max_retries: 3,
        }),
      );
    }
    const dialled = async () =>
      server.db
        .select()
        .from(telephonyOutbox)
        .where(and(eq(telephonyOutbox.organizationId, orgId), eq(telephonyOutbox.kind, 'call')));
    const list = () => user.voice.listScheduled(orgId, { limit: 10 });

    clock.advance(minute);
    await round();
    expect(await dialled()).toHaveLength(1);
    const waiting = (await list()).find((e) => e.status === 'scheduled')!;
    expect(waiting.attempts).toHaveLength(0);
    expect(waiting.status_reason).toMatch(/Sending limit reached: 1 call/);

    // Still within the minute: nothing more is dialled.
    clock.advance(3000);
    await round();
    expect(await dialled()).toHaveLength(1);

    clock.advance(minute);
    await round();
    expect(await dialled()).toHaveLength(2);
    const after = await list();
    expect(after.map((e) => e.attempts.length).sort()).toEqual([1, 1]);
    expect(new Set((await dialled()).map((c) => c.toNumber))).toEqual(new Set(phones));
  });
});
