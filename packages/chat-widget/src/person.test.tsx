import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { mountChatWidget, type ChatWidgetHandle } from './mount';
import type { StreamChat } from './runtime';
import type { PersonClient } from './handoff';
import type { StorageLike } from './store';
import { normalizeConfig } from './config';
import { readPageConfig } from './page/pageConfig';

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

const notice = 'A member of the team will reply here shortly';
const stream: StreamChat = async (input) => ({
  answer: input.query.includes('person') ? notice : 'Hello!',
  conversationId: 'conv-1',
  messageId: `m-${input.query.length}`,
  offline: true,
});

let handle: ChatWidgetHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
});

function mount(person: PersonClient | null) {
  handle = mountChatWidget(config, { storage: memory(), stream, listen: null, person });
  handle.open();
  return within(handle.host.shadowRoot!.querySelector('div')!);
}

describe("'Talk to a person' in the widget", () => {
  it('is offered when the agent says so, and asks for a person in the conversation', async () => {
    const ask = vi.fn<PersonClient['ask']>(async () => ({
      message: 'We are closed now; the team answers from 9.',
      status: 'needs_human',
    }));
    const ui = mount({ offer: async () => true, ask });
    const button = await ui.findByRole('button', { name: 'Talk to a person' }, { timeout: 5000 });
    await userEvent.type(await ui.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await ui.findByText('Hello!', { selector: 'p' }, { timeout: 5000 });
    await userEvent.click(button);
    await waitFor(() => expect(ask).toHaveBeenCalledOnce());
    expect(ask.mock.calls[0]![0]).toMatchObject({
      agentUrl: 'https://agents.test/v1',
      agentKey: 'app-key',
      conversationId: 'conv-1',
    });
    // The team's answer joins the conversation; the button gives way to a line saying so.
    expect(
      await ui.findByText('We are closed now; the team answers from 9.', { selector: 'p' }),
    ).toBeTruthy();
    expect(
      ui.getByText('A person of the team has been asked to reply here.', { selector: 'p' }),
    ).toBeTruthy();
    expect(ui.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    // Clear: a new conversation may ask again.
    await userEvent.click(ui.getByRole('button', { name: 'Clear' }));
    expect(ui.getByRole('button', { name: 'Talk to a person' })).toBeTruthy();
  });

  it('before anything was written, it starts the conversation with the request (the notice once)', async () => {
    const ask = vi.fn<PersonClient['ask']>(async () => ({
      message: notice,
      status: 'needs_human',
    }));
    const ui = mount({ offer: async () => true, ask });
    await userEvent.click(
      await ui.findByRole('button', { name: 'Talk to a person' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(ask).toHaveBeenCalledOnce());
    expect(ui.getByText('I would like to talk to a person.', { selector: '.user' })).toBeTruthy();
    await waitFor(() => expect(ui.getAllByText(notice, { selector: 'p' })).toHaveLength(1));
  });

  it('a failure says so and may be tried again; an agent that does not offer it shows no button', async () => {
    const ask = vi
      .fn<PersonClient['ask']>()
      .mockRejectedValueOnce(new Error('HTTP 503'))
      .mockResolvedValueOnce({ message: notice, status: 'needs_human' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ui = mount({ offer: async () => true, ask });
    await userEvent.type(await ui.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await ui.findByText('Hello!', { selector: 'p' }, { timeout: 5000 });
    await userEvent.click(
      await ui.findByRole('button', { name: 'Talk to a person' }, { timeout: 5000 }),
    );
    expect(
      await ui.findByText('The team could not be reached. Please try again.', { selector: 'span' }),
    ).toBeTruthy();
    await userEvent.click(ui.getByRole('button', { name: 'Talk to a person' }));
    expect(await ui.findByText(notice, { selector: 'p' })).toBeTruthy();
    handle?.destroy();
    const off = mount({ offer: async () => false, ask });
    await off.findByRole('dialog');
    await new Promise((r) => setTimeout(r, 0));
    expect(off.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  });

  it('the public page knows the setting from the server', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = `<script type="application/json" id="parley-chatbot">${JSON.stringify({
      agentUrl: 'https://agents.test/v1',
      agentKey: 'app-key',
      name: 'Support',
      talkToPerson: true,
    })}</script>`;
    expect(readPageConfig(doc)?.talkToPerson).toBe(true);
  });
});
