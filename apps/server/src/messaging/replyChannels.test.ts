import { describe, expect, it } from 'vitest';
import { waitingEmailNote } from '../handoff/waiting';
import { mailReplyChannel } from './mail/replyChannel';
import { replyChannelOf } from './replyChannels';
import type { ReplyChannelDeps, ReplyRow } from './replyChannel';

/** The reply worker's channels (messaging/replyChannels.ts): the worker asks none by name. */
describe('reply channels', () => {
  it('mail, SMS and WhatsApp each have one; the widget (answered in its request) and a call none', () => {
    expect(replyChannelOf('email')).toBe(mailReplyChannel);
    for (const channel of ['sms', 'whatsapp']) expect(replyChannelOf(channel)).toBeTruthy();
    expect(replyChannelOf('chat')).toBeNull();
    expect(replyChannelOf('voice')).toBeNull();
    expect(replyChannelOf('toString')).toBeNull();
  });

  it('only e-mail stays silent while a thread waits for a person; the others acknowledge', () => {
    expect(replyChannelOf('email')!.silentWhileWaiting).toBe(waitingEmailNote);
    for (const channel of ['sms', 'whatsapp'])
      expect(replyChannelOf(channel)!.silentWhileWaiting).toBeNull();
  });

  it('SMS and WhatsApp hold nothing back and refuse nothing at the reservation', async () => {
    const job = { id: 'r1', channel: 'sms' } as ReplyRow;
    const deps = {} as ReplyChannelDeps;
    for (const channel of ['sms', 'whatsapp']) {
      const c = replyChannelOf(channel)!;
      expect(await c.hold(deps, job, 'm1')).toBeNull();
      expect(await c.reserve({} as never, job, 'm1')).toBeNull();
    }
  });
});
