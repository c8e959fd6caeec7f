import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './modelStream';

const failure = (responseHeaders?: Record<string, string>) =>
  new APICallError({
    message: 'upstream exploded',
    url: 'https://model.example/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 500,
    responseHeaders,
  });

describe('retryDelayMs (the wait before the one retry)', () => {
  it('given no Retry-After › the backoff', () => {
    expect(retryDelayMs(failure(), 2000)).toBe(2000);
    expect(retryDelayMs(new Error('not an API call'), 2000)).toBe(2000);
  });

  it('given retry-after-ms or retry-after seconds under a minute › the provider’s wait', () => {
    expect(retryDelayMs(failure({ 'retry-after-ms': '10' }), 2000)).toBe(10);
    expect(retryDelayMs(failure({ 'retry-after': '3' }), 2000)).toBe(3000);
  });

  it('given a wait of a minute or more, or nonsense › the backoff', () => {
    expect(retryDelayMs(failure({ 'retry-after': '120' }), 2000)).toBe(2000);
    expect(retryDelayMs(failure({ 'retry-after-ms': 'soon' }), 2000)).toBe(2000);
  });
});
