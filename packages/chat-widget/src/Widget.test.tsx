import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { mountChatWidget, type ChatWidgetHandle } from './mount';
import {
  ChatError,
  type ListenConversation,
  type ListenInput,
  type StreamChat,
  type StreamInput,
  type StreamResult,
} from './runtime';
import type { StorageLike } from './store';
import { normalizeConfig } from './config';

const config = normalizeConfig({
  agentUrl: 'https://agents.test/v1',
  agentKey: 'app-key',
  agentName: 'Support',
})!;

function memory(): StorageLike {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A stream the test drives: each call waits until the test resolves it. */
function controlledStream() {
  const calls: Array<{
    input: StreamInput;
    resolve: (r: Partial<StreamResult>) => void;
    reject: (e: unknown) => void;
  }> = [];
  const stream: StreamChat = (input) =>
    new Promise((resolve, reject) => {
      calls.push({
        input,
        resolve: (r) =>
          resolve({ answer: '', conversationId: 'c-1', messageId: '', offline: false, ...r }),
        reject,
      });
    });
  return { stream, calls };
}

let handle: ChatWidgetHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
  document.documentElement.lang = '';
});

function mount(options: Parameters<typeof mountChatWidget>[1] = {}, c = config) {
  handle = mountChatWidget(c, options);
  const shadow = handle.host.shadowRoot!;
  return { shadow, ui: within(shadow.querySelector('div')!) };
}

describe('chat widget', () => {
  it('renders in an open shadow root on <body> with its own stylesheet, nothing added to the page', () => {
    const before = document.head.innerHTML;
    const { shadow, ui } = mount({ storage: memory(), stream: controlledStream().stream });
    expect(handle!.host.parentElement).toBe(document.body);
    expect(handle!.host.tagName).toBe('PARLEY-CHAT-WIDGET');
    expect(document.head.innerHTML).toBe(before);
    expect(handle!.host.getAttribute('style')).toBeNull();
    expect(shadow.querySelector('[style]')).toBeNull();
    // jsdom has no constructable stylesheets: the fallback <style> carries the theme colour.
    // The default colour takes the dark text: 4.8:1 on #667eea, where white has 3.7:1.
    expect(shadow.textContent).toContain('--p:#667eea;--pt:#111827');
    expect(ui.getByRole('button', { name: 'Open chat' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens from the launcher, moves focus into the panel, and Escape closes back to the launcher', async () => {
    const user = userEvent.setup();
    const { ui } = mount({ storage: memory(), stream: controlledStream().stream });
    await user.click(ui.getByRole('button', { name: 'Open chat' }));
    const dialog = await ui.findByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByText('Hello! How can I help you today?')).toBeTruthy();
    await waitFor(() =>
      expect(handle!.host.shadowRoot!.activeElement).toBe(ui.getByLabelText('Message')),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    const launcher = ui.getByRole('button', { name: 'Open chat' });
    await waitFor(() => expect(handle!.host.shadowRoot!.activeElement).toBe(launcher));
  });

  it('renders only the launcher until first opened; then reads the conversation, kept while closed', async () => {
    const user = userEvent.setup();
    const storage = memory();
    const getItem = vi.spyOn(storage, 'getItem');
    const { stream, calls } = controlledStream();
    const { shadow, ui } = mount({ storage, stream });
    expect(getItem).not.toHaveBeenCalled();
    expect(shadow.querySelectorAll('.panel, .log, textarea')).toHaveLength(0);
    expect(shadow.querySelectorAll('button')).toHaveLength(1);

    handle!.open();
    expect(await ui.findByRole('dialog', { name: 'Support' })).toBeTruthy();
    expect(getItem).toHaveBeenCalledTimes(1);
    await user.type(ui.getByLabelText('Message'), 'Still there?{Enter}');
    // Closed while the reply streams: the reply still lands in the conversation.
    handle!.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    calls[0]!.resolve({ answer: 'Yes, still here.' });
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('Yes, still here.'));
    handle!.open();
    expect(await ui.findByText('Yes, still here.', { selector: 'p' })).toBeTruthy();
    expect(ui.getByText('Still there?')).toBeTruthy();
    expect(getItem).toHaveBeenCalledTimes(1);
  });

  it('resolves a named primary colour in its shadow root for the text on it', () => {
    const { shadow } = mount(
      { storage: memory(), stream: controlledStream().stream },
      normalizeConfig({ ...config, primaryColor: 'navy' })!,
    );
    expect(shadow.textContent).toContain('--p:navy;--pt:#fff');
    handle!.destroy();
    const gold = mount(
      { storage: memory(), stream: controlledStream().stream },
      normalizeConfig({ ...config, primaryColor: 'gold' })!,
    ).shadow;
    expect(gold.textContent).toContain('--p:gold;--pt:#111827');
    expect(gold.querySelector('i')).toBeNull();
  });

  it('sends, shows Thinking..., streams the reply and announces it', async () => {
    const user = userEvent.setup();
    const { stream, calls } = controlledStream();
    const { ui } = mount({ storage: memory(), stream, initiallyOpen: true });
    await user.type(ui.getByLabelText('Message'), 'Hello there{Enter}');
    expect(await ui.findByText('Hello there')).toBeTruthy();
    expect(ui.getAllByText('Thinking...').length).toBeGreaterThan(0);
    expect(calls[0]!.input).toMatchObject({ query: 'Hello there', agentKey: 'app-key' });
    expect(calls[0]!.input.user).toMatch(/^visitor-/);

    calls[0]!.input.onDelta?.('Sure, ', 'Sure, ');
    expect(await ui.findByText('Sure,')).toBeTruthy();
    calls[0]!.resolve({ answer: 'Sure, **hi**' });
    expect(await ui.findByText('hi', { selector: 'strong' })).toBeTruthy();
    expect(ui.getByRole('status').textContent).toBe('Sure, hi');
    expect(ui.queryByText('Thinking...', { selector: '.msg' })).toBeNull();
  });

  it('a member’s reply (human takeover) appears live while open, once', async () => {
    const user = userEvent.setup();
    const { stream, calls } = controlledStream();
    const listens: ListenInput[] = [];
    const listen: ListenConversation = (input) => {
      listens.push(input);
      return new Promise((resolve) => input.signal.addEventListener('abort', () => resolve()));
    };
    const { ui } = mount({ storage: memory(), stream, listen, initiallyOpen: true });
    expect(listens).toHaveLength(0); // no conversation yet
    await user.type(ui.getByLabelText('Message'), 'A person please{Enter}');
    calls[0]!.resolve({ answer: 'A person from our team is replying…', conversationId: 'c-9' });
    await waitFor(() => expect(listens).toHaveLength(1));
    expect(listens[0]).toMatchObject({ conversationId: 'c-9', agentKey: 'app-key' });
    listens[0]!.onMemberMessage('m-member', 'Hi, Ada **here**', 'Ada');
    listens[0]!.onMemberMessage('m-member', 'Hi, Ada **here**', 'Ada');
    expect(await ui.findByText('here', { selector: 'strong' })).toBeTruthy();
    expect(ui.getAllByText('here', { selector: 'strong' })).toHaveLength(1);
    // Said to be a person of the team, by first name — never the agent's name.
    const reply = ui.getByText('here', { selector: 'strong' }).closest('.msg')!;
    expect(reply.textContent).toMatch(/^Ada · Our team: Hi, Ada here/);
    expect(reply.textContent).not.toContain('Support');
    expect(ui.getByRole('status').textContent).toBe('Ada · Our team: Hi, Ada here');
  });

  it('visitors never see the offline responder set-up text: a short neutral note instead', async () => {
    const user = userEvent.setup();
    const { stream, calls } = controlledStream();
    const { ui, shadow } = mount({ storage: memory(), stream, initiallyOpen: true });
    await user.type(ui.getByLabelText('Message'), 'Hours?{Enter}');
    const head =
      "Offline responder: no OpenAI API key is configured for this agent, so no model was called. Add a key in the agent's Model settings (or set OPENAI_API_KEY on the server) for real answers.";
    calls[0]!.input.onDelta?.('Offline ', 'Offline ');
    calls[0]!.input.onDelta?.('responder: ', 'Offline responder: ');
    expect(shadow.textContent).not.toContain('Offline responder');
    calls[0]!.resolve({ answer: `${head}\n\nWe open at **9**.`, offline: true });
    expect(await ui.findByText('9', { selector: 'strong' })).toBeTruthy();
    expect(
      ui.getByText(
        'Automatic answer from the knowledge base: the AI model is not available right now.',
        { selector: '.note' },
      ),
    ).toBeTruthy();
    expect(shadow.textContent).not.toMatch(
      /OPENAI_API_KEY|API key is configured|Offline responder/,
    );
  });

  it("a site refused by Allowed Origins shows 'This site is not allowed to use this agent'", async () => {
    const user = userEvent.setup();
    const { stream, calls } = controlledStream();
    const { ui } = mount({ storage: memory(), stream, initiallyOpen: true });
    await user.type(ui.getByLabelText('Message'), 'Hi{Enter}');
    calls[0]!.reject(
      new ChatError('This site is not allowed to use this agent', 403, 'origin_not_allowed'),
    );
    expect(
      await ui.findByText('This site is not allowed to use this agent', { selector: '.msg' }),
    ).toBeTruthy();
    expect(ui.queryByText('Sorry, I encountered an error. Please try again.')).toBeNull();
  });

  it('keeps the conversation across page loads (per agent), and Clear forgets it', async () => {
    const user = userEvent.setup();
    const storage = memory();
    const first = controlledStream();
    let { ui } = mount({ storage, stream: first.stream, initiallyOpen: true });
    await user.type(ui.getByLabelText('Message'), 'Remember me{Enter}');
    first.calls[0]!.resolve({ answer: 'I will.', conversationId: 'conv-9' });
    await ui.findByText('I will.', { selector: 'p' });
    handle!.destroy();

    const second = controlledStream();
    ({ ui } = mount({ storage, stream: second.stream, initiallyOpen: true }));
    expect(ui.getByText('Remember me')).toBeTruthy();
    expect(ui.getByText('I will.', { selector: 'p' })).toBeTruthy();
    await user.type(ui.getByLabelText('Message'), 'Again{Enter}');
    expect(second.calls[0]!.input.conversationId).toBe('conv-9');
    expect(second.calls[0]!.input.user).toBe(first.calls[0]!.input.user);
    second.calls[0]!.resolve({ answer: 'Yes.' });
    await ui.findByText('Yes.', { selector: 'p' });
    handle!.destroy();

    // Another agent on the same page has its own conversation.
    const other = normalizeConfig({ ...config, agentKey: 'app-other' })!;
    ({ ui } = mount({ storage, stream: controlledStream().stream, initiallyOpen: true }, other));
    expect(ui.queryByText('Remember me')).toBeNull();
    handle!.destroy();

    ({ ui } = mount({ storage, stream: controlledStream().stream, initiallyOpen: true }));
    await user.click(ui.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(ui.queryByText('Remember me')).toBeNull());
    handle!.destroy();
    ({ ui } = mount({ storage, stream: controlledStream().stream, initiallyOpen: true }));
    expect(ui.queryByText('Remember me')).toBeNull();
  });

  it('shows the spec error message when a reply fails', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stream, calls } = controlledStream();
    const { ui } = mount({ storage: memory(), stream, initiallyOpen: true });
    await user.type(ui.getByLabelText('Message'), 'Hi{Enter}');
    calls[0]!.reject(new Error('HTTP 500'));
    expect(
      await ui.findByText('Sorry, I encountered an error. Please try again.', { selector: '.msg' }),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('obeys open/close/toggle commands right after mounting', async () => {
    const onOpenChange = vi.fn();
    const { ui } = mount({ storage: memory(), stream: controlledStream().stream, onOpenChange });
    handle!.open();
    expect(await ui.findByRole('dialog')).toBeTruthy();
    handle!.toggle();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    handle!.toggle();
    expect(await ui.findByRole('dialog')).toBeTruthy();
    handle!.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    // (onOpenChange runs in an effect after the commit that closed the panel.)
    await waitFor(() =>
      expect(onOpenChange.mock.calls.map((c) => c[0])).toEqual([true, false, true, false]),
    );
  });

  it("speaks the page's language, and the greeting from the snippet", async () => {
    document.documentElement.lang = 'es-ES';
    const { ui } = mount(
      { storage: memory(), stream: controlledStream().stream, initiallyOpen: true },
      { ...config, greeting: 'Hola desde **Soporte**' },
    );
    expect(ui.getByLabelText('Mensaje').getAttribute('placeholder')).toBe(
      'Escribe tu mensaje aquí...',
    );
    expect(ui.getByText('Soporte', { selector: 'strong' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Cerrar chat' })).toBeTruthy();
  });

  it('destroy removes everything', () => {
    mount({ storage: memory(), stream: controlledStream().stream });
    const host = handle!.host;
    handle!.destroy();
    expect(host.isConnected).toBe(false);
  });
});
