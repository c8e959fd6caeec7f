// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readInboxEvent } from './inboxEvents';

describe('readInboxEvent', () => {
  it('given the contract’s events › reads them; anything else › null', () => {
    expect(readInboxEvent('{"event":"ready","organization_id":"org_1"}')).toEqual({
      event: 'ready',
      organization_id: 'org_1',
    });
    expect(readInboxEvent('{"event":"message","conversation_id":"c_1"}')).toEqual({
      event: 'message',
      conversation_id: 'c_1',
    });
    expect(readInboxEvent('not json')).toBeNull();
    expect(readInboxEvent('{"event":"unknown","conversation_id":"c_1"}')).toBeNull();
    expect(readInboxEvent('{"event":"message"}')).toBeNull();
  });
});
