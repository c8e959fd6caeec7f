import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { customColor, ShadowHost, shadowWidget } from '../../../.storybook/widgetStory';
import { normalizeConfig } from './config';
import type { PersonClient } from './handoff';
import { chatLabels } from './i18n';
import { hostTag } from './mount';
import { ChatPage } from './page/ChatPage';
import { pageCss } from './page/styles';
import type { StreamChat } from './runtime';
import type { StorageLike } from './store';
import { adoptStyles, chatCss, themeCss } from './styles';
import { Widget, type WidgetController } from './Widget';

/**
 * 'Talk to a person' in the chat widget and the public page (issue 41): offered, asking, asked
 * (the team's words join the conversation) and failed; the page in light and dark. The reply
 * stream and the requests are injected: no request leaves the page.
 */

const labels = chatLabels.en!;
const notice = 'A member of the team will reply here shortly';

function memoryStorage(): StorageLike {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const stream: StreamChat = async (input) => {
  input.onDelta?.('Hello! ', 'Hello! ');
  return {
    answer: 'Hello! How can I help?',
    conversationId: 'conv-1',
    messageId: 'm-1',
    offline: false,
  };
};

type Outcome = 'asked' | 'pending' | 'failed';
const personFor = (outcome: Outcome): PersonClient => ({
  offer: async () => true,
  ask: () =>
    outcome === 'pending'
      ? new Promise(() => undefined)
      : outcome === 'failed'
        ? Promise.reject(new Error('HTTP 503'))
        : Promise.resolve({ message: notice, status: 'needs_human' }),
});

interface Args {
  outcome: Outcome;
  primaryColor: string;
  page: boolean;
  dark: boolean;
}

function Story({ outcome, primaryColor, page, dark }: Args) {
  const config = normalizeConfig({
    agentUrl: 'https://agents.example.com/v1',
    agentKey: 'app-story-key',
    agentName: 'Support',
    primaryColor,
  })!;
  const [storage] = useState(memoryStorage);
  const [controller] = useState<WidgetController>(() => ({}));
  const person = personFor(outcome);
  return (
    <ShadowHost
      tag={hostTag}
      adopt={adoptStyles}
      // The page fills the document, not a shadow host: here its host takes the canvas' width.
      css={[
        chatCss,
        ...(page
          ? [pageCss, ':host{width:auto!important;height:auto!important}.page{height:640px}']
          : []),
        themeCss(config.primaryColor),
      ]}
    >
      {page ? (
        <div className={dark ? 'dark' : undefined}>
          <ChatPage
            config={{ ...config, talkToPerson: true }}
            labels={labels}
            storage={storage}
            stream={stream}
            person={{ ask: person.ask }}
          />
        </div>
      ) : (
        <Widget
          config={config}
          labels={labels}
          storage={storage}
          stream={stream}
          person={person}
          controller={controller}
          initiallyOpen
        />
      )}
    </ShadowHost>
  );
}

const meta = {
  title: 'Widgets/Chat widget/Talk to a person',
  args: { outcome: 'asked', primaryColor: '#667eea', page: false, dark: false },
  parameters: { layout: 'fullscreen' },
  render: (args) => <Story {...args} />,
} satisfies Meta<Args>;
export default meta;
type S = StoryObj<typeof meta>;

const ui = (canvasElement: HTMLElement) => {
  const host = canvasElement.querySelector(hostTag);
  const root = host?.shadowRoot?.querySelector<HTMLElement>('.root');
  return root ? within(root) : shadowWidget(canvasElement, hostTag).ui;
};

async function chatThenAsk(canvasElement: HTMLElement) {
  const u = ui(canvasElement);
  await userEvent.type(await u.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
  await u.findByText('Hello! How can I help?', { selector: 'p' });
  await userEvent.click(await u.findByRole('button', { name: 'Talk to a person' }));
  return u;
}

/** Offered: the button under the conversation, in the primary colour's outline. */
export const Offered: S = {
  play: async ({ canvasElement }) => {
    const u = ui(canvasElement);
    const button = await u.findByRole('button', { name: 'Talk to a person' });
    await expect(button).toBeEnabled();
    await expect(button.closest('.person')).not.toBeNull();
  },
};
export const OfferedCustomColor: S = { ...Offered, args: { primaryColor: customColor } };

/** Asking: the button says so and waits. */
export const Asking: S = {
  args: { outcome: 'pending' },
  play: async ({ canvasElement }) => {
    const u = await chatThenAsk(canvasElement);
    const busy = await u.findByRole('button', { name: 'Asking for a person…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
  },
};

/** Asked: the team's words join the conversation; the button gives way to a line. */
export const Asked: S = {
  play: async ({ canvasElement }) => {
    const u = await chatThenAsk(canvasElement);
    await expect(await u.findByText(notice, { selector: 'p' })).toBeVisible();
    await expect(
      u.getByText('A person of the team has been asked to reply here.', { selector: 'p' }),
    ).toBeVisible();
    await expect(u.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  },
};
export const AskedCustomColor: S = { ...Asked, args: { primaryColor: customColor } };

/** Failed: the reason, and the button again. */
export const Failed: S = {
  args: { outcome: 'failed' },
  play: async ({ canvasElement }) => {
    const u = await chatThenAsk(canvasElement);
    await expect(
      await u.findByText('The team could not be reached. Please try again.', { selector: 'span' }),
    ).toBeVisible();
    await expect(u.getByRole('button', { name: 'Talk to a person' })).toBeEnabled();
  },
};

/** The public page offers it as the server says (no extra request), light and dark. */
export const PublicPage: S = {
  args: { page: true },
  play: async ({ canvasElement }) => {
    const u = await chatThenAsk(canvasElement);
    await expect(await u.findByText(notice, { selector: 'p' })).toBeVisible();
  },
};
export const PublicPageDark: S = { ...PublicPage, args: { page: true, dark: true } };
export const PublicPageOfferedDark: S = {
  args: { page: true, dark: true },
  play: async ({ canvasElement }) => {
    await expect(
      await ui(canvasElement).findByRole('button', { name: 'Talk to a person' }),
    ).toBeVisible();
  },
};
