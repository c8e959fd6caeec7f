import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type ScheduledEvent } from '@parley/api-client';
import { type TestServer } from '../../test/harness';
import { orgWithVoiceAgent } from '../../test/agentFixtures';
import { callingHoursStart as start, startSchedulingServer } from '../../test/schedulingFixtures';
import { telephonyOutbox } from '../db/schema';
import { ManualClock } from './clock';
import { runOnce } from './scheduler';

const clock = new ManualClock(start);
const minute = 60_000;

let server: TestServer;
beforeAll(async () => {
  // One call a minute for every organization: the sending limit counts each dial.
  server = await startSchedulingServer(
    { clock, sandboxCallMs: 3000, instanceId: 'limit-a' },
    { PARLEY_SEND_LIMIT_PER_MINUTE: '1' },
  );
});
afterAll(async () => {
  await server?.close();
});

const round = () => runOnce(server.scheduler.deps);

describe('scheduled calls and the organization’s sending limit', () => {
  it('given two calls due at once and a limit of one call a minute › one is dialled, the other waits naming the limit, then is dialled a minute later', async () => {
    clock.set(start);
    const { user, orgId, agentId } = await orgWithVoiceAgent(server, 'Limited Dialer', 'caller');
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
