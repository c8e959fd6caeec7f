import { smsMessages, whatsappMessages } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';

/** The words each channel's tab uses (spec channels-and-shell §2, §8). */
export const channelLabels = {
  sms: {
    name: 'SMS',
    heading: 'SMS-Enabled Phone Numbers',
    sendPage: 'SMS Send Message',
    sendButton: 'Send SMS Message',
    sendFailed: smsMessages.sendFailed,
    sent: smsMessages.sent,
  },
  whatsapp: {
    name: 'WhatsApp',
    heading: 'WhatsApp-Enabled Phone Numbers',
    sendPage: 'WhatsApp Send Message',
    sendButton: 'Send WhatsApp Message',
    sendFailed: whatsappMessages.sendFailed,
    sent: whatsappMessages.sent,
  },
} as const satisfies Record<MessagingChannel, Record<string, string>>;
