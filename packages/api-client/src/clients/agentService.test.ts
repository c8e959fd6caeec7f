import { describe, expect, it } from 'vitest';
import { createAgentServiceClient } from './agentService';
import { json, routeFetch } from '../testing';
import { ApiError } from '../errors';

describe('agentService.byOrg', () => {
  it('given {agents: [...]} › returns views', async () => {
    const fetch = routeFetch({
      'GET /api/agents/by-org/o1': () => json({ agents: [{ agent_name: 'a_1' }] }),
    });
    const client = createAgentServiceClient({ baseUrl: '/api', fetch });
    expect((await client.byOrg('o1')).map((a) => a.id)).toEqual(['a_1']);
  });
  it.each([404, 405])('given HTTP %i › returns an empty list', async (status) => {
    const fetch = routeFetch({ 'GET /api/agents/by-org/o1': () => json({}, status, 'x') });
    expect(await createAgentServiceClient({ baseUrl: '/api', fetch }).byOrg('o1')).toEqual([]);
  });
  it('given a Method Not Allowed message › returns an empty list', async () => {
    const fetch = routeFetch({
      'GET /api/agents/by-org/o1': () => json({ message: 'Method Not Allowed' }, 500, 'x'),
    });
    expect(await createAgentServiceClient({ baseUrl: '/api', fetch }).byOrg('o1')).toEqual([]);
  });
  it('given an abort › returns an empty list', async () => {
    const fetch = routeFetch({});
    const controller = new AbortController();
    controller.abort();
    expect(
      await createAgentServiceClient({ baseUrl: '/api', fetch }).byOrg('o1', controller.signal),
    ).toEqual([]);
  });
  it('given a 500 with an error field › throws that error', async () => {
    const fetch = routeFetch({
      'GET /api/agents/by-org/o1': () => json({ error: 'db down' }, 500, 'Internal Server Error'),
    });
    await expect(createAgentServiceClient({ baseUrl: '/api', fetch }).byOrg('o1')).rejects.toThrow(
      'db down',
    );
  });
  it('given a 502 without a body › throws HTTP {status}: {statusText}', async () => {
    const fetch = routeFetch({
      'GET /api/agents/by-org/o1': () =>
        new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    const error = await createAgentServiceClient({ baseUrl: '/api', fetch })
      .byOrg('o1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP 502: Bad Gateway');
  });
});

describe('agentService.update / delete', () => {
  it('posts the payload as JSON to /agents/update/{name}', async () => {
    const fetch = routeFetch({
      'POST /api/agents/update/a_1': () => json({ success: true, message: 'Agent created' }),
    });
    const client = createAgentServiceClient({ baseUrl: '/api', fetch });
    await expect(
      client.update('a_1', { organization_id: 'o1', nudge_interval: 15 }),
    ).resolves.toMatchObject({ success: true });
    expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({
      organization_id: 'o1',
      nudge_interval: 15,
    });
    expect(fetch.calls[0]!.headers['Content-Type']).toBe('application/json');
  });
  it('given a 400 › throws the server error naming the field', async () => {
    const fetch = routeFetch({
      'POST /api/agents/update/a_1': () =>
        json({ success: false, error: 'nudge_interval: Too big' }, 400, 'Bad Request'),
    });
    await expect(
      createAgentServiceClient({ baseUrl: '/api', fetch }).update('a_1', { organization_id: 'o1' }),
    ).rejects.toThrow('nudge_interval: Too big');
  });
  it('given an answer that breaks the contract › throws a ContractError', async () => {
    const fetch = routeFetch({ 'DELETE /api/agents/delete/a_1': () => json({ nope: 1 }) });
    await expect(
      createAgentServiceClient({ baseUrl: '/api', fetch }).delete('a_1'),
    ).rejects.toThrow(/Unexpected answer/);
  });
});
