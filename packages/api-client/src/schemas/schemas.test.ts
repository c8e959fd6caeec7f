import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  managerActions,
  managerOnlyReason,
  orgNameSchema,
  orgNameCharsMessage,
  orgNameRequiredMessage,
} from './org';
import { toValidationError } from './common';
import { chunkSettingsSchema, documentStatusTone, indexingLabel } from './knowledge';
import { smsSendRequestSchema, smsMessages, findMapping } from './messaging';
import { createScheduledRequestSchema } from './voice';
import { apiModelName, apiProviderId } from './model';
import { simulateEventRequestSchema } from './telephony';
import { whatsappSendRequestSchema } from './messaging';

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('orgNameSchema', () => {
  it('given blank › Organization name is required', () => {
    expect(firstMessage(orgNameSchema.safeParse('   '))).toBe(orgNameRequiredMessage);
  });
  it('given punctuation › names the allowed characters', () => {
    expect(firstMessage(orgNameSchema.safeParse('Acme, Inc.'))).toBe(orgNameCharsMessage);
  });
  it('trims a valid name', () => {
    expect(orgNameSchema.parse('  Acme Labs_2 ')).toBe('Acme Labs_2');
  });
});

describe('toValidationError', () => {
  it('names the field and the reason', () => {
    const r = z.object({ orgName: orgNameSchema }).safeParse({ orgName: '' });
    expect(toValidationError(r.error!)).toMatchObject({
      success: false,
      error: `orgName: ${orgNameRequiredMessage}`,
    });
  });
});

describe('knowledge', () => {
  it('fills the chunk defaults and enforces limits', () => {
    expect(chunkSettingsSchema.parse({})).toEqual({
      mode: 'structure',
      chunkSize: 1024,
      chunkOverlap: 50,
      minSectionSize: 100,
      maxSectionSize: 4000,
      headingPriority: 50,
      replaceExtraSpaces: true,
      removeUrlsEmails: false,
    });
    expect(chunkSettingsSchema.safeParse({ chunkSize: 99 }).success).toBe(false);
    expect(chunkSettingsSchema.safeParse({ chunkSize: 4097 }).success).toBe(false);
  });
  it('labels and tones', () => {
    expect(indexingLabel('high_quality')).toBe('HQ • VECTOR');
    expect(indexingLabel('anything')).toBe('ECONOMY');
    expect(documentStatusTone('completed')).toBe('success');
    expect(documentStatusTone('indexing')).toBe('warning');
    expect(documentStatusTone('weird')).toBe('danger');
  });
});

describe('messaging and scheduling', () => {
  it('SMS: required and format messages', () => {
    const r = smsSendRequestSchema.safeParse({
      from_number: '',
      to_number: '12345',
      message_text: ' ',
    });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      smsMessages.from,
      'Please enter a valid phone number (e.g., +1234567890)',
      smsMessages.text,
    ]);
  });
  it('phone pattern: + then nonzero digit then 1..14 digits', () => {
    const ok = (p: string) =>
      smsSendRequestSchema.safeParse({ from_number: p, to_number: '+12', message_text: 'x' })
        .success;
    expect(ok('+12')).toBe(true);
    expect(ok('+123456789012345')).toBe(true);
    expect(ok('+1234567890123456')).toBe(false);
    expect(ok('+0123')).toBe(false);
  });
  it('schedule: defaults flexible 0 and retries 3, limits enforced', () => {
    const base = {
      organization_id: 'o',
      agent_id: 'a',
      recipient_phone: '+15550001111',
      scheduled_time: '2030-01-01T10:00:00Z',
    };
    expect(createScheduledRequestSchema.parse(base)).toMatchObject({
      flexible_time_minutes: 0,
      max_retries: 3,
      call_type: 'outbound_call',
    });
    expect(createScheduledRequestSchema.safeParse({ ...base, max_retries: 11 }).success).toBe(
      false,
    );
    expect(
      createScheduledRequestSchema.safeParse({ ...base, flexible_time_minutes: 61 }).success,
    ).toBe(false);
  });
  it('findMapping: digits-only or raw keys', () => {
    expect(findMapping({ '15550001111': { last_activity: 'x' } }, '+1 555 000 1111')).toEqual({
      last_activity: 'x',
    });
  });
});

describe('model names', () => {
  it('maps providers and display names', () => {
    expect(apiProviderId('OpenAI')).toBe('langgenius/openai/openai');
    expect(apiModelName('GPT-4o Mini')).toBe('gpt-4o-mini');
    expect(apiModelName('Llama 3.1 70B')).toBe('llama-3-1-70b');
  });
});

describe('message text limits', () => {
  const simulate = (event: 'sms' | 'whatsapp', length: number) =>
    simulateEventRequestSchema.safeParse({
      event,
      to: '+14155550101',
      from: '+15005550100',
      text: 'a'.repeat(length),
    });
  it('a simulated inbound message has its channel’s limit, the same as the channel’s send form', () => {
    expect(simulate('sms', 1600).success).toBe(true);
    expect(firstMessage(simulate('sms', 1601))).toBe('text must be at most 1600 characters');
    expect(simulate('whatsapp', 4096).success).toBe(true);
    expect(firstMessage(simulate('whatsapp', 4097))).toBe('text must be at most 4096 characters');
    const send = (length: number) =>
      whatsappSendRequestSchema.safeParse({
        to_number: '+14155550101',
        message_text: 'a'.repeat(length),
      });
    expect(send(4096).success).toBe(true);
    expect(send(4097).success).toBe(false);
  });
});

describe('managerOnlyReason', () => {
  it('gives a member the server’s words; an owner or admin (or "admin,member") none', () => {
    expect(managerOnlyReason('member', managerActions.sync)).toBe(
      'Only an owner or admin can sync numbers from the provider',
    );
    expect(managerOnlyReason('member', managerActions.credentials)).toBe(
      'Only an owner or admin can change provider credentials',
    );
    // Not known (a view without the membership): nothing is disabled, the server decides.
    expect(managerOnlyReason(undefined, managerActions.credentials)).toBeNull();
    expect(managerOnlyReason('owner', managerActions.sync)).toBeNull();
    expect(managerOnlyReason('admin,member', managerActions.dialling)).toBeNull();
  });
});
