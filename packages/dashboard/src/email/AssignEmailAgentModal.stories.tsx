import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AssignEmailAgentModal } from './AssignEmailAgentModal';

const agents = [
  { id: 'support_123', label: 'support' },
  { id: 'sales_456', label: 'Sales desk' },
];

const meta = {
  title: 'Dashboard/Email/Assign Agent modal',
  component: AssignEmailAgentModal,
  args: { open: true, onOpenChange: fn(), onAssign: fn(), agents },
} satisfies Meta<typeof AssignEmailAgentModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const submit = () => screen.getByRole('button', { name: 'Assign Agent' });

export const Empty: Story = {
  play: async () => {
    await screen.findByRole('dialog', { name: 'Assign Agent' });
    await expect(submit()).toBeDisabled();
  },
};

/** §5: inline 'Please enter a valid email address'. */
export const InvalidEmail: Story = {
  args: { initialValues: { agentId: 'support_123' } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Assign Agent' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'help@acme',
    );
    await userEvent.click(submit());
    await expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeVisible();
    await expect(args.onAssign).not.toHaveBeenCalled();
  },
};

export const Assigns: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Assign Agent' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Agent/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'help@acme.test',
    );
    await userEvent.click(submit());
    await waitFor(() =>
      expect(args.onAssign).toHaveBeenCalledWith({
        agentId: 'support_123',
        email: 'help@acme.test',
        description: '',
      }),
    );
  },
};

export const Assigning: Story = {
  args: { busy: true, initialValues: { agentId: 'support_123', email: 'help@acme.test' } },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Assigning\.\.\./ })).toBeDisabled();
  },
};

export const LoadingAgents: Story = {
  args: { loading: true },
  play: async () => {
    await expect(await screen.findByText('Loading agents...')).toBeInTheDocument();
  },
};

export const NoAgents: Story = { args: { agents: [] } };

export const Failure: Story = {
  args: {
    error: "Failed to assign agent: api_key: is not the key of one of this organization's agents",
  },
  play: async () => {
    await expect(await screen.findByText(/Failed to assign agent/)).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const EmptyDark: Story = { ...Empty, ...dark };
export const InvalidEmailDark: Story = { ...InvalidEmail, ...dark };
export const AssigningDark: Story = { ...Assigning, ...dark };
export const LoadingAgentsDark: Story = { ...LoadingAgents, ...dark };
export const NoAgentsDark: Story = { ...NoAgents, ...dark };
export const FailureDark: Story = { ...Failure, ...dark };
