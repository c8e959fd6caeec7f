// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@parley/api-client';
import { publishAgentFlow, publishSucceededText } from './publishAgent';

const appId = '0f8fad5b-d9cb-469f-a165-70867728950e';

function fakeApi(
  overrides: {
    getAppIdByKey?: (key: string) => Promise<string>;
    publishAgent?: (key: string, appId: string) => Promise<void>;
  } = {},
) {
  return {
    getAppIdByKey: vi.fn(overrides.getAppIdByKey ?? (async () => appId)),
    publishAgent: vi.fn(overrides.publishAgent ?? (async () => {})),
  };
}

describe('publishAgentFlow', () => {
  it('given an agent key › looks the app id up by key, then publishes with both', async () => {
    const api = fakeApi();
    const outcome = await publishAgentFlow(api, { chatbot_key: 'app-KEY' });
    expect(api.getAppIdByKey).toHaveBeenCalledWith('app-KEY');
    expect(api.publishAgent).toHaveBeenCalledWith('app-KEY', appId);
    expect(outcome).toEqual({ tone: 'success', message: publishSucceededText });
  });

  it('given a UUID app id already held › publishes without the lookup', async () => {
    const api = fakeApi();
    await publishAgentFlow(api, { chatbot_key: 'app-KEY', app_id: appId });
    expect(api.getAppIdByKey).not.toHaveBeenCalled();
    expect(api.publishAgent).toHaveBeenCalledWith('app-KEY', appId);
  });

  it('given an app id that is not a UUID › looks the right one up by key (spec §5)', async () => {
    const api = fakeApi();
    await publishAgentFlow(api, { chatbot_key: 'app-KEY', app_id: 'legacy-id' });
    expect(api.getAppIdByKey).toHaveBeenCalledWith('app-KEY');
  });

  it('given no app id can be found › warns with the spec text and does not publish', async () => {
    const noAppId =
      'Could not find app ID. The configuration has been saved but may require manual publishing.';
    const missing = fakeApi({
      getAppIdByKey: async () => {
        throw new ApiError('App not found', 404, {});
      },
    });
    expect(await publishAgentFlow(missing, { chatbot_key: 'app-KEY' })).toEqual({
      tone: 'warning',
      message: noAppId,
    });
    expect(missing.publishAgent).not.toHaveBeenCalled();
    const noKey = fakeApi();
    expect(await publishAgentFlow(noKey, { chatbot_key: null })).toEqual({
      tone: 'warning',
      message: noAppId,
    });
    expect(noKey.getAppIdByKey).not.toHaveBeenCalled();
  });

  it("given the server refuses › 'Failed to publish agent: {reason}'", async () => {
    const api = fakeApi({
      publishAgent: async () => {
        throw new ApiError('App is archived', 409, { error: 'App is archived' });
      },
    });
    expect(await publishAgentFlow(api, { chatbot_key: 'app-KEY' })).toEqual({
      tone: 'error',
      message: 'Failed to publish agent: App is archived',
    });
  });

  it("given a network failure › 'Error publishing agent'", async () => {
    const api = fakeApi({
      publishAgent: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await publishAgentFlow(api, { chatbot_key: 'app-KEY' })).toEqual({
      tone: 'error',
      message: 'Error publishing agent',
    });
  });
});
