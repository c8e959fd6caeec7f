import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { agentPrefixMessages } from '@parley/api-client';
import { CreateAgentModal } from './CreateAgentModal';

const meta = {
  title: 'Dashboard/Agents/Create agent modal',
  component: CreateAgentModal,
  args: { open: true, orgId: 'org_1', onOpenChange: fn(), onCreate: fn() },
} satisfies Meta<typeof CreateAgentModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IdentifierRules: Story = {
  play: async ({ args }) => {
    const field = await screen.findByLabelText('Agent Identifier');
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    await submit();
    await expect(await screen.findByText(agentPrefixMessages.empty)).toBeVisible();
    await userEvent.type(field, 'Sales-Bot');
    await submit();
    await expect(await screen.findByText(agentPrefixMessages.chars)).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'ab');
    await submit();
    await expect(await screen.findByText(agentPrefixMessages.short)).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'a'.repeat(50));
    await submit();
    await expect(await screen.findByText(agentPrefixMessages.long)).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('radio', { name: 'Action Agent (AI Employee)' }));
    await expect(screen.getByRole('radiogroup', { name: 'Agent type' })).toBeVisible();
    await userEvent.type(field, 'sales_automation{Enter}');
    await expect(args.onCreate).toHaveBeenCalledWith({
      prefix: 'sales_automation',
      kind: 'action',
    });
  },
};

export const NoOrganization: Story = {
  args: { orgId: null },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Agent Identifier'), 'support{Enter}');
    await expect(await screen.findByText(agentPrefixMessages.noOrg)).toBeVisible();
  },
};

export const Creating: Story = {
  args: { busy: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Creating Agent...' })).toBeDisabled();
  },
};

export const Failed: Story = { args: { error: 'HTTP 500: Internal Server Error' } };
export const FailedDark: Story = {
  args: { error: 'HTTP 500: Internal Server Error' },
  globals: { theme: 'dark' },
};
