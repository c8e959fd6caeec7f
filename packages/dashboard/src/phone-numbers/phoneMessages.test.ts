// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@parley/api-client';
import { assignFailureMessage, syncFailureMessage, unassignFailureMessage } from './phoneMessages';

describe('phone-number messages (spec §8)', () => {
  it('sync: the server reason, the generic line, or the unexpected-error line', () => {
    expect(
      syncFailureMessage(
        new ApiError('Failed to sync phone numbers from Twilio: Authenticate', 503, {}),
      ),
    ).toBe('Failed to sync phone numbers from Twilio: Authenticate');
    expect(syncFailureMessage(new ApiError('HTTP 500', 500, {}))).toBe(
      'Failed to sync phone numbers: HTTP 500',
    );
    expect(syncFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'An unexpected error occurred during sync',
    );
  });

  it('assign and unassign name the reason', () => {
    expect(assignFailureMessage(new Error('Agent not found'))).toBe(
      'Failed to assign phone number to agent: Agent not found',
    );
    expect(unassignFailureMessage(new Error('All unassign endpoint patterns failed'))).toBe(
      'Failed to unassign phone number from agent: All unassign endpoint patterns failed',
    );
    expect(unassignFailureMessage(undefined)).toBe(
      'An error occurred while unassigning the phone number.',
    );
  });
});
