import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { messages } from '../src/db/schema';
import type { TestUser } from './harness';

/** A tool step as the runtime records it on an answer that called a tool. */
export const toolStep = {
  tool: 'check_slots',
  tool_id: null,
  input: { day: 'mon' },
  output: 'none',
  duration_ms: 7,
  error: null,
};

/** Records `toolStep` on the stored message `messageId` (as if that answer had called a tool). */
export async function giveToolStep(db: Db, messageId: string) {
  await db
    .update(messages)
    .set({ toolSteps: [toolStep] })
    .where(eq(messages.id, messageId));
  return toolStep;
}

/** A text message from `from` to our number `to`, as the console's sandbox simulates one. */
export function simulateSms(user: TestUser, orgId: string, to: string, from: string, text: string) {
  return user.voice.simulateEvent(orgId, { event: 'sms', to, from, text });
}
