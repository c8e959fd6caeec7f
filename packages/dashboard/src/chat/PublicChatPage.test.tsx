import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchLike, RuntimeStreamEvent } from '@parley/api-client';
import { expectNoAxeViolations } from '../../../ui/src/test/axe';
import { PublicChatPage } from './PublicChatPage';

const agentId = 'support_123e4567_e89b_12d3_a456_426614174000';

function answering(events: RuntimeStreamEvent[]) {
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  return vi.fn<FetchLike>(
    async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
  );
}

const search = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describe('PublicChatPage', () => {
  it('given api_url, api_key, initial_message and name › opens with the greeting as the first bot message', async () => {
    const fetch = answering([
      { event: 'message', message_id: 'm', conversation_id: 'c', answer: 'We open at 8.' },
      { event: 'message_end', message_id: 'm', conversation_id: 'c' },
    ]);
    const { container } = render(
      <PublicChatPage
        agentId={agentId}
        fetch={fetch}
        search={search({
          api_url: 'https://agents.test/v1',
          api_key: 'app-KEY',
          initial_message: 'Hello! How can I help you today?',
          name: 'Clinic desk',
        })}
      />,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clinic desk Assistant' })).toBeVisible();
    expect(document.title).toBe('Clinic desk Assistant');
    const log = screen.getByRole('log');
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(
      'Hello! How can I help you today?',
    );
    await expectNoAxeViolations(container);

    const user = userEvent.setup();
    await user.type(
      screen.getByPlaceholderText('Type your message here...'),
      'When do you open?{Enter}',
    );
    expect(await within(log).findByText('We open at 8.')).toBeVisible();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://agents.test/v1/chat-messages');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      query: 'When do you open?',
      user: expect.stringMatching(/^visitor-/),
    });
    // Not stored: a visitor's chat stays on the page.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('parley.chat.'))).toEqual([]);
  });

  it('given no name › titles the page with the agent id without its UUID', () => {
    render(
      <PublicChatPage
        agentId={agentId}
        search={search({ api_url: 'https://a/v1', api_key: 'k' })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'support Assistant' })).toBeVisible();
    expect(screen.getByText('Start a conversation')).toBeVisible();
  });

  it('given api_url or api_key missing › says so clearly instead of a chat that cannot work', async () => {
    const { container } = render(<PublicChatPage agentId={agentId} search="?name=Desk" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chat link is incomplete');
    expect(screen.getByText('api_url is missing')).toBeVisible();
    expect(screen.getByText('api_key is missing')).toBeVisible();
    expect(screen.queryByPlaceholderText('Type your message here...')).toBeNull();
    await expectNoAxeViolations(container);
  });
});
