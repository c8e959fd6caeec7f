import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { normalizeConfig } from '../config';
import { chatLabels } from '../i18n';
import type { StreamChat } from '../runtime';
import type { StorageLike } from '../store';
import { ChatPage } from './ChatPage';
import { pageConfigId, pageTheme, readPageConfig, themeStorageKey } from './pageConfig';

const config = normalizeConfig({
  agentUrl: 'https://parley.test/v1',
  agentKey: 'app-key',
  agentName: 'Support',
  greeting: 'Welcome to **Acme**',
})!;

function memory(): StorageLike {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const answer: StreamChat = async (input) => {
  input.onDelta?.('# Opening hours', '# Opening hours');
  return {
    answer: '# Opening hours\n\n## Weekdays\n\nNine to five.',
    conversationId: 'c-1',
    messageId: 'm-1',
    offline: false,
  };
};

let container: HTMLElement | null = null;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = null;
});

function show(storage: StorageLike, stream: StreamChat = answer) {
  if (container) render(null, container);
  container?.remove();
  container = document.createElement('div');
  document.body.appendChild(container);
  render(
    <ChatPage config={config} labels={chatLabels.en!} storage={storage} stream={stream} />,
    container,
  );
  return within(container);
}

describe('the public chat page', () => {
  it('is a main landmark with the agent’s name as h1, the greeting, and no close button', () => {
    const ui = show(memory());
    expect(ui.getByRole('main')).toBeTruthy();
    expect(ui.getByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(ui.getByText('Acme').tagName).toBe('STRONG');
    expect(ui.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(ui.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('renders reply headings as headings below the h1, and keeps the conversation across a reload', async () => {
    const storage = memory();
    const ui = show(storage);
    await userEvent.type(ui.getByLabelText('Message'), 'When are you open?{Enter}');
    await waitFor(
      () => expect(ui.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeTruthy(),
      {
        timeout: 5000,
      },
    );
    expect(ui.getByRole('heading', { level: 3, name: 'Weekdays' })).toBeTruthy();

    // A reload: a new page on the same storage shows the same conversation.
    const again = show(storage);
    expect(again.getByText('When are you open?')).toBeTruthy();
    expect(again.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeTruthy();
  });
});

describe('page settings', () => {
  it('reads the agent from the server’s JSON element; none or broken → null', () => {
    const doc = document.implementation.createHTMLDocument('t');
    expect(readPageConfig(doc)).toBeNull();
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = pageConfigId;
    el.textContent = JSON.stringify({
      agentUrl: 'https://parley.test/v1',
      agentKey: 'app-k',
      name: 'Front desk',
      greeting: null,
    });
    doc.head.appendChild(el);
    expect(readPageConfig(doc)).toMatchObject({
      agentUrl: 'https://parley.test/v1',
      agentKey: 'app-k',
      agentName: 'Front desk',
      greeting: undefined,
    });
    el.textContent = '{broken';
    expect(readPageConfig(doc)).toBeNull();
  });

  it('the theme: the console’s stored choice, else the system’s', () => {
    const stored = (value: string | null) => ({
      getItem: (k: string) => (k === themeStorageKey ? value : null),
    });
    expect(pageTheme(stored('dark'), false)).toBe('dark');
    expect(pageTheme(stored('light'), true)).toBe('light');
    expect(pageTheme(stored(null), true)).toBe('dark');
    expect(pageTheme(stored('purple'), false)).toBe('light');
    expect(pageTheme(null, false)).toBe('light');
  });
});
