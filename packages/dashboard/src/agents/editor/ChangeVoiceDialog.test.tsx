import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@parley/api-client';
import { ChangeVoiceDialog, voiceListError } from './ChangeVoiceDialog';
import { DashboardApiProvider } from '../../api/ApiContext';
import { createDashboardApi } from '../../api/createDashboardApi';
import { storyVoices } from '../../stories/editorFixtures';

const voices = storyVoices;

function setup(provider: 'elevenlabs' | 'cartesian' | 'openai', onChoose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={createDashboardApi()}>
        <ChangeVoiceDialog
          orgId="org_1"
          provider={provider}
          currentVoiceId="21m00Tcm4TlvDq8ikWAM"
          open
          onOpenChange={vi.fn()}
          onChoose={onChoose}
        />
      </DashboardApiProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onChoose };
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangeVoiceDialog', () => {
  it("lists the provider's voices through the server with the org's key, and chooses one", async () => {
    const fetch = vi.fn(async () => Response.json({ voices }));
    vi.stubGlobal('fetch', fetch);
    const { user, onChoose } = setup('cartesian');
    await user.click(await screen.findByRole('button', { name: 'Use Domi' }, { timeout: 5000 }));
    expect(onChoose).toHaveBeenCalledWith('AZnzlk1XvdvUeBnXmlld');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain(
      '/api/integrations/organization/org_1/cartesia/voices',
    );
  });

  it('without a stored key says where to set it; a typed ID still works', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Integration not found' }, { status: 404 })),
    );
    const { user, onChoose } = setup('elevenlabs');
    expect(
      await screen.findByText(/No ElevenLabs API key is set/, {}, { timeout: 5000 }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Voice ID'), 'typed-voice-1234');
    await user.click(screen.getByRole('button', { name: 'Use this ID' }));
    expect(onChoose).toHaveBeenCalledWith('typed-voice-1234');
  });

  it('shows nothing for providers without a voice list (OpenAI)', () => {
    vi.stubGlobal('fetch', vi.fn());
    setup('openai');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('words other failures with the server message', () => {
    expect(voiceListError(new ApiError('ElevenLabs said 401', 502, {}), 'ElevenLabs')).toBe(
      'ElevenLabs said 401',
    );
  });
});
