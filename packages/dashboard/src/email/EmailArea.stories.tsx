import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { EmailArea } from './EmailArea';
import { StoryProviders } from '../stories/StoryProviders';
import { backend } from '../stories/handlers';
import { mailBackend } from '../stories/mailHandlers';

/** The Email tab over the real client; MSW keeps mailboxes, threads and campaigns per story. */
const meta = {
  title: 'Dashboard/Email/Email tab',
  component: EmailArea,
  args: { orgId: 'org_1', orgName: 'Acme Labs' },
  render: (args) => (
    <StoryProviders>
      <EmailArea {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof EmailArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Assign an agent to a new mailbox, simulate a mail to it, read the agent's reply. */
export const AssignSimulateReply: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend({ threads: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Assign Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Agent' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Agent/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'info@acme',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Agent' }));
    await expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email Address/ }), '.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Agent' }));
    await expect(await c.findByText('Email agent assigned successfully!')).toBeVisible();
    await userEvent.click(
      await c.findByRole('button', { name: 'Simulate inbound email to info@acme.test' }),
    );
    const sim = await screen.findByRole('dialog', { name: 'Simulate inbound email' });
    await userEvent.type(within(sim).getByRole('textbox', { name: 'Subject' }), 'Opening hours');
    await userEvent.type(within(sim).getByRole('textbox', { name: 'Message' }), 'Open today?');
    await userEvent.click(within(sim).getByRole('button', { name: 'Simulate' }));
    await userEvent.click(await c.findByRole('button', { name: /Opening hours/ }));
    await expect(await c.findByText('Thanks for your email: "Open today?"')).toBeVisible();
  },
};

/** Send Message from the header: validation first, then the sandbox outbox line. */
export const SendMessage: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend(), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole('button', { name: 'Open sales@acme.test' });
    await userEvent.click(c.getByRole('button', { name: 'Send Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    const from = within(dialog).getByRole('textbox', { name: /From Email/ });
    await userEvent.clear(from);
    await userEvent.type(from, 'sales@acme.test');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /To Email/ }),
      'grace@example',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Quote');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Attached.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /To Email/ }), '.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(
      await c.findByText('Email sent to the sandbox outbox (this mailbox has no SMTP settings)'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const SendFails: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend({ sendStatus: 502 }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole('button', { name: 'Open help@acme.test' });
    await userEvent.click(c.getByRole('button', { name: 'Send Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /To Email/ }), 'a@b.co');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Hi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(
      await within(dialog).findByText(
        'Failed to send Gmail message: the SMTP server refused the login',
      ),
    ).toBeVisible();
  },
};

/** A mailbox's draft, approved from its conversation; its settings and Test. */
export const DraftAndSettings: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend(), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Open help@acme.test' }));
    await userEvent.click(await c.findByRole('button', { name: /Where is my order\?/ }));
    await userEvent.click(await c.findByRole('button', { name: 'Send Draft' }));
    await waitFor(() => expect(c.queryByText('Draft: waits for approval')).toBeNull());
    await userEvent.click(c.getByRole('tab', { name: 'Settings' }));
    await userEvent.click(c.getByRole('button', { name: 'Test' }));
    await expect(await c.findByTestId('mailbox-test-result')).toHaveTextContent('IMAP failed');
  },
};

/** Outbound: create a campaign, then pause one. */
export const Campaigns: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend(), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: 'Outbound' }));
    await userEvent.click(await c.findByRole('button', { name: 'Pause Spring launch' }));
    await expect(await c.findByText('Campaign paused')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Campaign name/ }), 'Promo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'News');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Body/ }), 'Hello');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Recipients/ }),
      'email{enter}ada@example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    await expect(await c.findByText('Campaign created successfully!')).toBeVisible();
    await expect(await c.findByRole('listitem', { name: 'Promo' })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend({ latencyMs: 'infinite' }), ...backend({})),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Loading email accounts...'),
    ).toBeInTheDocument();
  },
};

export const LoadFails: Story = {
  beforeEach: ({ msw }) => msw.use(...mailBackend({ listStatus: 503 }), ...backend({})),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const SendMessageDark: Story = { ...SendMessage, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadFailsDark: Story = { ...LoadFails, ...dark };
export const CampaignsDark: Story = { ...Campaigns, ...dark };
