// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mailSendRequestSchema } from '@parley/api-client';
import {
  canSubmitEmail,
  canSubmitEmailAssign,
  toMailSendRequest,
  validateEmailAssign,
  validateEmailSend,
} from './emailForms';

const filled = {
  from_email: 'help@acme.test',
  to_email: 'ada@example.com',
  subject: 'Your order',
  message_text: 'It ships today.',
};

describe('Email send validation (§5)', () => {
  it('given the four fields filled › no errors and the button is enabled', () => {
    expect(validateEmailSend(filled)).toEqual({});
    expect(canSubmitEmail(filled)).toBe(true);
  });
  it('given empty fields › each required message, button disabled', () => {
    const empty = { from_email: '', to_email: ' ', subject: '', message_text: '  ' };
    expect(validateEmailSend(empty)).toEqual({
      from_email: 'From email is required',
      to_email: 'To email is required',
      subject: 'Subject is required',
      message_text: 'Message text is required',
    });
    expect(canSubmitEmail(empty)).toBe(false);
    expect(canSubmitEmail({ ...filled, subject: '' })).toBe(false);
  });
  it('given addresses that do not look like e-mail › the spec message on each', () => {
    const bad = { ...filled, from_email: 'help@acme', to_email: 'ada example.com' };
    expect(validateEmailSend(bad)).toEqual({
      from_email: 'Please enter a valid email address',
      to_email: 'Please enter a valid email address',
    });
  });
  it('given a subject of two lines › refused (a header is one line)', () => {
    expect(validateEmailSend({ ...filled, subject: 'a\nb' }).subject).toBe(
      'Subject must be one line',
    );
  });
});

describe('the shared send form for Email (§3, §9)', () => {
  it('puts To in recipient_phone, the subject in context, From in receiving_number, with the defaults', () => {
    const body = toMailSendRequest({ ...filled, to_email: ' ada@example.com ' }, 'org_1');
    expect(body).toEqual({
      organization_id: 'org_1',
      recipient_phone: 'ada@example.com',
      receiving_number: 'help@acme.test',
      context: 'Your order',
      message_text: 'It ships today.',
      flexible_time_minutes: 0,
      max_retries: 3,
      message_type: 'text',
    });
    // The server's own schema accepts it.
    expect(mailSendRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('Email assign (§5)', () => {
  it('needs an agent and a valid address', () => {
    expect(validateEmailAssign({ agentId: '', email: 'x', description: '' })).toEqual({
      agentId: 'Please select an agent',
      email: 'Please enter a valid email address',
    });
    expect(validateEmailAssign({ agentId: 'a', email: 'help@acme.test', description: '' })).toEqual(
      {},
    );
    expect(canSubmitEmailAssign({ agentId: 'a', email: '', description: '' })).toBe(false);
    expect(canSubmitEmailAssign({ agentId: 'a', email: 'h', description: '' })).toBe(true);
  });
});
