import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { http } from 'msw';
import { PhoneNumbersArea } from './PhoneNumbersArea';
import { StoryProviders } from '../stories/StoryProviders';
import { phoneBackend } from '../stories/phoneHandlers';
import { backend } from '../stories/handlers';

/** The tab over the real client; MSW keeps the numbers in memory per story. */
const meta = {
  title: 'Dashboard/Phone Numbers/Phone Numbers tab',
  component: PhoneNumbersArea,
  args: { orgId: 'org_1', orgName: 'Acme Labs' },
  render: (args) => (
    <StoryProviders>
      <PhoneNumbersArea {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof PhoneNumbersArea>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (c: ReturnType<typeof within>) =>
  within(c.getByRole('table', { name: 'Inbound phone numbers' })).getAllByRole('row').length - 1;

export const SyncThenAssign: Story = {
  beforeEach: ({ msw }) => msw.use(...phoneBackend({ numbers: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('No phone numbers found for this organization')).toBeVisible();
    await expect(c.getByText('Sandbox')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Sync Phone Numbers' }));
    await expect(
      await c.findByText('Phone numbers synced successfully from a telephony provider!'),
    ).toBeVisible();
    await waitFor(() => expect(rows(c)).toBe(5));
    await userEvent.click(c.getByRole('button', { name: 'Add Agent' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Agent prefix' }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Phone number' }));
    await userEvent.click(await screen.findByRole('option', { name: '+1 415 555 0102' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
    await expect(
      await c.findByText('Phone number +14155550102 assigned successfully!'),
    ).toBeVisible();
    await expect(await c.findByRole('button', { name: 'Unassign +14155550102' })).toBeVisible();
  },
};

export const UnassignWithNone: Story = {
  beforeEach: ({ msw }) => msw.use(...phoneBackend(), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Edit agent of +14155550100' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'None (Delete Agent)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(
      await c.findByText('Phone number +14155550100 unassigned successfully!'),
    ).toBeVisible();
    await waitFor(() =>
      expect(c.queryByRole('button', { name: 'Unassign +14155550100' })).toBeNull(),
    );
  },
};

export const SyncFails: Story = {
  beforeEach: ({ msw }) =>
    msw.use(...phoneBackend({ sandbox: false, syncStatus: 503 }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole('button', { name: 'Edit agent of +14155550100' });
    await expect(c.queryByText('Sandbox')).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Sync Phone Numbers' }));
    await expect(
      await c.findByText('Failed to sync phone numbers from Twilio: Authenticate'),
    ).toBeVisible();
  },
};

export const ListFails: Story = {
  beforeEach: ({ msw }) => msw.use(...phoneBackend({ listStatus: 502 }), ...backend({})),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Failed to get phone numbers for organization: Database unavailable',
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('*/voice/phone-numbers/organization/:org', () => new Promise<Response>(() => {})),
      ...backend({}),
    ),
};

export const SyncThenAssignDark: Story = { ...SyncThenAssign, globals: { theme: 'dark' } };
export const ListFailsDark: Story = { ...ListFails, globals: { theme: 'dark' } };
