import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { maskSecret, type FetchLike, type Integration } from '@parley/api-client';
import { IntegrationsArea } from './IntegrationsArea';
import { DashboardApiProvider } from '../api/ApiContext';
import { createDashboardApi } from '../api/createDashboardApi';

const wait = { timeout: 5000 };

/** The server's integrations routes in memory; `hold` keeps the next PUT pending until released. */
function fakeServer(options: { failList?: boolean } = {}) {
  const stored = new Map<string, Record<string, string>>();
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  let release: (() => void) | null = null;
  let holdNext = false;
  const wire = (provider: string): Integration => ({
    provider,
    configured: true,
    masked: Object.fromEntries(
      Object.entries(stored.get(provider)!).map(([k, v]) => [k, maskSecret(v)]),
    ),
    last_tested_at: null,
    last_test_ok: null,
    last_test_message: null,
    updated_at: `${Date.now()}-${Math.random()}`,
  });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch: FetchLike = async (input, init) => {
    const path = String(input).replace(/^.*\/api\/integrations\/organization\/org-1/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (method === 'GET' && path === '') {
      if (options.failList) return json({ error: 'Database unavailable' }, 503);
      return json({ integrations: [...stored.keys()].map(wire) });
    }
    const [, provider, action] = path.split('/');
    if (method === 'PUT') {
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((r) => (release = r));
      }
      stored.set(provider!, body.credentials);
      return json(wire(provider!));
    }
    if (method === 'POST' && action === 'test') {
      const key = stored.get(provider!)?.api_key ?? '';
      return key.startsWith('good')
        ? json({ success: true, message: 'ElevenLabs key is working' })
        : json({
            success: false,
            message: 'ElevenLabs rejected the API key (401): Invalid API key',
          });
    }
    if (method === 'DELETE') {
      stored.delete(provider!);
      return json({ success: true, message: 'Integration removed' });
    }
    return json({ error: 'Integration not found' }, 404);
  };
  return {
    fetch,
    calls,
    stored,
    hold: () => (holdNext = true),
    release: () => release?.(),
  };
}

function renderArea(server: ReturnType<typeof fakeServer>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <DashboardApiProvider api={createDashboardApi({ fetch: server.fetch })}>
        <IntegrationsArea orgId="org-1" orgName="Acme Labs" />
      </DashboardApiProvider>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('region', { name });

describe('IntegrationsPanel (through its container)', () => {
  it('lists every provider as Not configured; set › masked last 4, the key never shown', async () => {
    const server = fakeServer();
    renderArea(server);
    const eleven = await screen.findByRole('region', { name: 'ElevenLabs' }, wait);
    for (const name of ['Twilio', 'OpenAI', 'ElevenLabs', 'Cartesia', 'Deepgram']) {
      expect(within(card(name)).getAllByText('Not configured').length).toBeGreaterThan(0);
    }
    const user = userEvent.setup();
    const save = within(eleven).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(eleven).getByLabelText('ElevenLabs API key'), 'good-key-ABCD');
    await user.click(save);
    expect(
      await within(eleven).findByLabelText('Stored ElevenLabs API key', undefined, wait),
    ).toHaveTextContent(/^•+ABCD$/);
    expect(within(eleven).getByText('Configured')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('good-key-ABCD')).toBeNull();
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/elevenlabs',
      body: { credentials: { api_key: 'good-key-ABCD' } },
    });
  });

  it('replacing keeps the stored key shown until the new one is saved', async () => {
    const server = fakeServer();
    server.stored.set('elevenlabs', { api_key: 'good-key-OLD1' });
    renderArea(server);
    const eleven = await screen.findByRole('region', { name: 'ElevenLabs' }, wait);
    const stored = await within(eleven).findByLabelText(
      'Stored ElevenLabs API key',
      undefined,
      wait,
    );
    expect(stored).toHaveTextContent(/OLD1$/);
    const user = userEvent.setup();
    const field = within(eleven).getByLabelText('New ElevenLabs API key');
    expect(field).toHaveAccessibleDescription('The stored key is kept until the new one is saved.');
    await user.type(field, 'good-key-NEW2');
    expect(stored).toHaveTextContent(/OLD1$/);
    server.hold();
    await user.click(within(eleven).getByRole('button', { name: 'Save' }));
    expect(await within(eleven).findByRole('button', { name: 'Saving...' }, wait)).toBeDisabled();
    expect(within(eleven).getByLabelText('Stored ElevenLabs API key')).toHaveTextContent(/OLD1$/);
    server.release();
    await waitFor(
      () =>
        expect(within(eleven).getByLabelText('Stored ElevenLabs API key')).toHaveTextContent(
          /NEW2$/,
        ),
      wait,
    );
    expect(field).toHaveValue('');
  });

  it('Test › ok, then a wrong key › the provider’s failure in plain words', async () => {
    const server = fakeServer();
    server.stored.set('elevenlabs', { api_key: 'good-key-OLD1' });
    renderArea(server);
    const eleven = await screen.findByRole('region', { name: 'ElevenLabs' }, wait);
    const user = userEvent.setup();
    await user.click(await within(eleven).findByRole('button', { name: 'Test' }, wait));
    expect(await within(eleven).findByRole('status', undefined, wait)).toHaveTextContent(
      'ElevenLabs key is working',
    );
    server.stored.set('elevenlabs', { api_key: 'bad-key-0000' });
    await user.click(within(eleven).getByRole('button', { name: 'Test' }));
    await waitFor(
      () =>
        expect(within(eleven).getByRole('status')).toHaveTextContent(
          'ElevenLabs rejected the API key (401): Invalid API key',
        ),
      wait,
    );
  });

  it('Remove asks first; Cancel keeps the key, Remove deletes it', async () => {
    const server = fakeServer();
    server.stored.set('deepgram', { api_key: 'good-key-DG01' });
    renderArea(server);
    const deepgram = await screen.findByRole('region', { name: 'Deepgram' }, wait);
    const user = userEvent.setup();
    await user.click(await within(deepgram).findByRole('button', { name: 'Remove' }, wait));
    const dialog = await screen.findByRole('alertdialog', undefined, wait);
    expect(dialog).toHaveTextContent('Remove the Deepgram key?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(deepgram).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('alertdialog', undefined, wait)).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(
      () =>
        expect(within(deepgram).getByText('Not configured', { selector: 'p' })).toBeInTheDocument(),
      wait,
    );
    expect(server.stored.has('deepgram')).toBe(false);
  });

  it('a failed load says so and offers to try again', async () => {
    renderArea(fakeServer({ failList: true }));
    expect(
      await screen.findByText('Could not load integrations', undefined, wait),
    ).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
