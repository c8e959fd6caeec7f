import { describe, expect, it } from 'vitest';
import { waitingEmailNote } from '../handoff/waiting';
import { mailReplyChannel } from './mail/replyChannel';
import { replyChannelOf } from './replyChannels';
import type { ReplyChannelDeps, ReplyRow } from './replyChannel';

/** The reply worker's channels (messaging/replyChannels.ts): the worker asks none by name. */
describe('reply channels', () => {
  it('mail, SMS, WhatsApp and the widget each have one; a call has none', () => {
    expect(replyChannelOf('email')).toBe(mailReplyChannel);
    for (const channel of ['sms', 'whatsapp', 'chat']) expect(replyChannelOf(channel)).toBeTruthy();
    expect(replyChannelOf('voice')).toBeNull();
    expect(replyChannelOf('toString')).toBeNull();
  });

  it('only e-mail stays silent while a thread waits for a person; the others acknowledge', () => {
    expect(replyChannelOf('email')!.silentWhileWaiting).toBe(waitingEmailNote);
    for (const channel of ['sms', 'whatsapp', 'chat'])
      expect(replyChannelOf(channel)!.silentWhileWaiting).toBeNull();
  });

  it('SMS, WhatsApp and the widget hold nothing back and refuse nothing at the reservation', async () => {
    const job = { id: 'r1', channel: 'sms' } as ReplyRow;
    const deps = {} as ReplyChannelDeps;
    for (const channel of ['sms', 'whatsapp', 'chat']) {
      const c = replyChannelOf(channel)!;
      expect(await c.hold(deps, job, 'm1')).toBeNull();
      expect(await c.reserve({} as never, job, 'm1')).toBeNull();
    }
    expect(await replyChannelOf('chat')!.send(deps, job, 'Hi', 'm1')).toEqual({
      provider: 'widget',
      providerMessageId: null,
      status: 'delivered',
    });
  });
});
