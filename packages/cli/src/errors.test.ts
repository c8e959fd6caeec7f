import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from '@parley/api-client';
import { CheckFailed, describeError, UsageError } from './errors';

const url = 'http://parley.test';

describe('errors in words, with exit codes', () => {
  it('a bad key (401), a missing scope (403 naming it), an unknown agent (404)', () => {
    expect(
      describeError(new ApiError('Invalid API key: it is unknown or was revoked', 401, {}), url),
    ).toEqual({
      message:
        'The server refused the API key (401): Invalid API key: it is unknown or was revoked. Check PARLEY_API_KEY (or --key): an owner or admin makes keys in Account → API keys.',
      code: 3,
    });
    const scope = new ApiError('This API key lacks the scope agents:publish', 403, {
      required_scope: 'agents:publish',
    });
    expect(describeError(scope, url)).toEqual({
      message:
        'The API key lacks the scope agents:publish (403): ask an owner or admin for a key with agents:publish.',
      code: 3,
    });
    expect(
      describeError(new ApiError('API keys cannot call GET /api/org/me', 403, {}), url).message,
    ).toBe('API keys cannot call GET /api/org/me (403)');
    expect(describeError(new ApiError('Agent not found', 404, {}), url).message).toBe(
      "Agent not found (404): check the agent name, and that the key belongs to the agent's organization.",
    );
  });

  it('an unreachable server names the address and the cause', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(describeError(refused, url)).toEqual({
      message:
        'Could not reach the Parley server at http://parley.test (ECONNREFUSED). Check PARLEY_URL (or --url) and that the server is running.',
      code: 3,
    });
  });

  it('usage (2), a failed check (1), an answer outside the contract (3)', () => {
    expect(describeError(new UsageError("Unknown command 'x'."), url)).toEqual({
      message: "Unknown command 'x'.\nRun 'parley help' for the commands.",
      code: 2,
    });
    expect(describeError(new CheckFailed('2 tests failed'), url)).toEqual({
      message: '2 tests failed',
      code: 1,
    });
    expect(
      describeError(new ContractError('Unexpected answer from /x: body: invalid'), url).code,
    ).toBe(3);
  });
});
