import { describe, expect, it } from 'vitest';
import { httpErrorMessage } from './errors';

describe('httpErrorMessage', () => {
  it('prefers the server error field', () => {
    expect(httpErrorMessage(400, 'Bad Request', { error: 'name is required' })).toBe(
      'name is required',
    );
  });
  it('falls back to message', () => {
    expect(httpErrorMessage(500, 'Internal Server Error', { message: 'boom' })).toBe('boom');
  });
  it('falls back to HTTP {status}: {statusText}', () => {
    expect(httpErrorMessage(502, 'Bad Gateway', 'nope')).toBe('HTTP 502: Bad Gateway');
  });
});

describe('voiceErrorMessage / messagingErrorMessage', () => {
  it('given a voice answer with detail › uses detail, then message, then HTTP {status}', async () => {
    const { voiceErrorMessage } = await import('./errors');
    expect(voiceErrorMessage(503, { detail: 'Set LIVEKIT_URL' })).toBe('Set LIVEKIT_URL');
    expect(voiceErrorMessage(500, { message: 'down' })).toBe('down');
    expect(voiceErrorMessage(500, 'x')).toBe('HTTP 500');
  });
  it('given a messaging failure › appends the body to the status line', async () => {
    const { messagingErrorMessage } = await import('./errors');
    expect(messagingErrorMessage(422, 'Unprocessable Entity', '{"error":"bad"}')).toBe(
      'HTTP error! status: 422 - Unprocessable Entity: {"error":"bad"}',
    );
    expect(messagingErrorMessage(500, 'Internal Server Error', '')).toBe(
      'HTTP error! status: 500 - Internal Server Error',
    );
  });
  it('messageOf › falls back to Unknown error', async () => {
    const { messageOf } = await import('./errors');
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf(undefined)).toBe('Unknown error');
  });
});
