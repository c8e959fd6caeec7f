import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@parley/api-client';
import {
  canManageWebhooks,
  deliveryOutcome,
  draftErrors,
  eventsSummary,
  toggleEvent,
  webhookState,
} from './webhookRules';

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  webhook_id: 'w1',
  event_id: 'msg_1',
  event: 'conversation.ended',
  status: 'pending',
  attempts: 0,
  last_status_code: null,
  last_error: null,
  last_response: null,
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  payload: { type: 'conversation.ended', timestamp: '2026-11-28T10:00:00.000Z', data: {} },
  ...over,
});

describe('webhook rules', () => {
  it('owners and admins manage; members read', () => {
    expect(canManageWebhooks('owner')).toBe(true);
    expect(canManageWebhooks('admin,member')).toBe(true);
    expect(canManageWebhooks('member')).toBe(false);
    expect(canManageWebhooks(undefined)).toBe(false);
  });

  it('the form names each problem before sending', () => {
    expect(draftErrors({ url: '', description: '', events: [] })).toEqual({
      url: 'Enter the URL that receives the events',
      events: 'Choose at least one event, or All events',
    });
    expect(draftErrors({ url: 'example.com/hook', description: '', events: ['*'] }).url).toBe(
      'Enter a full URL starting with https://',
    );
    expect(
      draftErrors({ url: 'https://example.com/h', description: 'x'.repeat(501), events: ['*'] }),
    ).toEqual({
      description: 'At most 500 characters',
    });
    expect(
      draftErrors({ url: 'https://example.com/h', description: '', events: ['call.ended'] }),
    ).toEqual({});
  });

  it('All events stands alone', () => {
    expect(toggleEvent(['call.ended'], '*', true)).toEqual(['*']);
    expect(toggleEvent(['*'], 'call.ended', true)).toEqual(['call.ended']);
    expect(toggleEvent(['call.ended', 'call.started'], 'call.ended', false)).toEqual([
      'call.started',
    ]);
    expect(eventsSummary(['*'])).toBe('All events');
    expect(eventsSummary(['a', 'b', 'c', 'd'])).toBe('a, b and 2 more');
  });

  it('a webhook’s state and a delivery’s outcome', () => {
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: null })).toBe(
      'active',
    );
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: 'x' })).toBe(
      'failing',
    );
    expect(
      webhookState({
        enabled: false,
        disabled_reason: 'Every delivery failed',
        failing_since: 'x',
      }),
    ).toBe('disabled');
    expect(webhookState({ enabled: false, disabled_reason: null, failing_since: null })).toBe(
      'off',
    );
    expect(deliveryOutcome(delivery({ status: 'delivered', last_status_code: 204 }))).toBe(
      'HTTP 204',
    );
    expect(
      deliveryOutcome(
        delivery({ status: 'failed', attempts: 8, last_error: 'The endpoint answered HTTP 500' }),
      ),
    ).toBe('The endpoint answered HTTP 500');
    expect(deliveryOutcome(delivery({}))).toBe('Waiting to be sent');
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(
      deliveryOutcome(
        delivery({
          attempts: 1,
          last_error: 'No answer within 10 s',
          next_attempt_at: '2026-11-28T10:05:00.000Z',
        }),
        now,
      ),
    ).toMatch(/^No answer within 10 s; next try /);
  });
});
