import type { SendLimitChannel } from '@parley/api-client';

const nouns: Record<SendLimitChannel['channel'], string> = {
  sms: 'SMS messages',
  whatsapp: 'WhatsApp messages',
  email: 'emails',
  call: 'calls',
};
const count = (n: number) => n.toLocaleString('en-US');

export interface SendLimitText {
  /** 'Sending limit: 60 SMS messages a minute, 1,000 a day for this organization.' */
  limit: string;
  /** 'Sent: 3 in the last minute, 12 in the last day.' */
  usage: string;
  /** The limit reached now (no send will go until a place frees), or null. */
  reached: string | null;
}

/** What the send modals say about the organization's sending limit on a channel. */
export function sendLimitText(limits: SendLimitChannel): SendLimitText {
  const noun = nouns[limits.channel];
  const reached =
    limits.sent_last_day >= limits.per_day
      ? `Sending limit reached: ${count(limits.per_day)} ${noun} per day. Sends resume as the day's oldest leave the 24-hour window.`
      : limits.sent_last_minute >= limits.per_minute
        ? `Sending limit reached: ${count(limits.per_minute)} ${noun} per minute. Try again in a minute.`
        : null;
  return {
    limit: `Sending limit: ${count(limits.per_minute)} ${noun} a minute, ${count(limits.per_day)} a day for this organization.`,
    usage: `Sent: ${count(limits.sent_last_minute)} in the last minute, ${count(limits.sent_last_day)} in the last day.`,
    reached,
  };
}
