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
