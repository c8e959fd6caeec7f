import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MailboxPanel, type MailboxPanelProps, type MailboxSection } from './MailboxPanel';
import { MailThreadsPanel } from './MailThreadsPanel';
import { MailboxSettingsPanel } from './MailboxSettingsPanel';
import { OutboxPanel } from './OutboxPanel';
import { fixtureMailboxes, fixtureMailThreads, fixtureOutbox } from '../stories/mailFixtures';

function Harness(props: MailboxPanelProps) {
  const [section, setSection] = useState<MailboxSection>(props.section);
  return <MailboxPanel {...props} section={section} onSectionChange={setSection} />;
}

const meta = {
  title: 'Dashboard/Email/Mailbox',
  component: MailboxPanel,
  args: {
    mailbox: fixtureMailboxes[0]!,
    section: 'threads',
    onSectionChange: fn(),
    onBack: fn(),
    onSendMessage: fn(),
    onAssign: fn(),
    threads: <MailThreadsPanel threads={fixtureMailThreads} onOpenThread={() => undefined} />,
    settings: (
      <MailboxSettingsPanel
        mailbox={fixtureMailboxes[0]!}
        onSave={() => undefined}
        onTest={() => undefined}
      />
    ),
    outbox: <OutboxPanel messages={fixtureOutbox} />,
  },
  render: (args) => <Harness {...args} />,
} satisfies Meta<typeof MailboxPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Threads: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'help@acme.test' })).toBeVisible();
    await expect(c.getAllByText('1 draft waiting')).toHaveLength(2);
    await userEvent.click(c.getByRole('tab', { name: 'Settings' }));
    await expect(c.getByRole('form', { name: 'Mailbox settings' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Back to accounts' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

/** A sandbox mailbox without an agent: the outbox under its threads, and Assign Agent. */
export const SandboxUnassigned: Story = {
  args: {
    mailbox: fixtureMailboxes[1]!,
    threads: <MailThreadsPanel threads={[]} onOpenThread={() => undefined} />,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sends into the sandbox outbox')).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Sandbox outbox' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Assign Agent' })).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const ThreadsDark: Story = { ...Threads, ...dark };
export const SandboxUnassignedDark: Story = { ...SandboxUnassigned, ...dark };
