import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../../../ui/src/test/axe';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';
import { chatFailedText, type ChatMessage } from './chatSession';

const at = '2025-01-01T10:00:00.000Z';
const conversation: ChatMessage[] = [
  { id: 'u1', type: 'user', message: 'What are your **hours**?', timestamp: at },
  {
    id: 'b1',
    type: 'bot',
    message: 'We are open:\n\n- **Mon–Fri** 8–18\n- Sat 9–14\n\n<img src=x onerror="alert(1)">',
    timestamp: at,
  },
];

function setup(props: Partial<ChatPanelProps> = {}) {
  const onSend = vi.fn<ChatPanelProps['onSend']>(() => null);
  const onClear = vi.fn();
  const onStop = vi.fn();
  const onClose = vi.fn();
  const utils = render(
    <ChatPanel
      agentName="Support"
      messages={[]}
      onSend={onSend}
      onClear={onClear}
      onStop={onStop}
      onClose={onClose}
      {...props}
    />,
  );
  const input = screen.getByPlaceholderText('Type your message here...');
  return { ...utils, onSend, onClear, onStop, onClose, input, user: userEvent.setup() };
}

describe('ChatPanel', () => {
  it("given no messages › shows the title '{agent} Assistant' and the empty state", async () => {
    const { container } = setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Support Assistant' })).toBeVisible();
    expect(screen.getByText('Start a conversation')).toBeVisible();
    expect(screen.getByText('Test your chatbot by sending a message below')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('given text › Enter sends it and empties the box; Shift+Enter adds a new line', async () => {
    const { input, onSend, user } = setup();
    await user.type(input, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(input).toHaveValue('Hello\nthere');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello\nthere');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('given blank text › nothing is sent (Send disabled, Enter ignored)', async () => {
    const { input, onSend, user } = setup();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given the Send button › sends the text', async () => {
    const { input, onSend, user } = setup();
    await user.type(input, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Hi');
  });

  it('given a blocked send › keeps the text in the box', async () => {
    const { input, user } = setup({ onSend: () => 'not-configured' });
    await user.type(input, 'Hi{Enter}');
    expect(input).toHaveValue('Hi');
  });

  it("given a reply pending › shows 'Thinking...', blocks sending and offers Stop", async () => {
    const { input, onSend, onStop, user } = setup({
      messages: conversation.slice(0, 1),
      pending: true,
      thinking: true,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Thinking...');
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    await user.type(input, 'again{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('renders bot markdown safely and user text as plain text', async () => {
    const { container } = setup({ messages: conversation });
    const log = screen.getByRole('log', { name: 'Conversation with Support' });
    const [user, bot] = within(log).getAllByRole('listitem');
    expect(user).toHaveTextContent('What are your **hours**?');
    expect(
      within(bot!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon–Fri 8–18', 'Sat 9–14']);
    expect(within(bot!).getByText('Mon–Fri').tagName).toBe('STRONG');
    expect(container.querySelector('img, [onerror]')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('marks answers of the offline responder, and the notice explains it', () => {
    setup({
      messages: [{ id: 'b', type: 'bot', message: 'From the docs', timestamp: at, offline: true }],
      offlineNotice: 'No model key is set.',
    });
    const item = screen.getByText('From the docs').closest('li')!;
    expect(within(item).getByText('Offline responder')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No model key is set.');
  });

  it('shows the failure message with its reason', () => {
    setup({
      messages: [
        {
          id: 'e',
          type: 'bot',
          message: chatFailedText,
          timestamp: at,
          error: true,
          errorDetail: 'HTTP 401: Unauthorized',
        },
      ],
    });
    expect(screen.getByText(chatFailedText)).toBeVisible();
    expect(screen.getByText('HTTP 401: Unauthorized')).toBeVisible();
  });

  it('given Clear and close › calls them', async () => {
    const { onClear, onClose, user } = setup({ messages: conversation });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('given disabled › the box cannot be used and the notice says why', () => {
    setup({ disabled: true, notice: <p>No agent URL</p> });
    expect(screen.getByPlaceholderText('Type your message here...')).toBeDisabled();
    expect(screen.getByText('No agent URL')).toBeVisible();
  });

  it('given bare chrome › has no own title (the drawer shows it) but keeps Clear', () => {
    setup({ chrome: 'bare' });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('log', { name: 'Conversation with Support' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });
});
