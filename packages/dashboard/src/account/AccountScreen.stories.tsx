import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AccountScreen } from './AccountScreen';
import { fixtureOrg, fixtureUser } from '../stories/fixtures';

const meta = {
  title: 'Dashboard/Account',
  component: AccountScreen,
  args: { user: fixtureUser, organization: fixtureOrg, onBack: fn() },
} satisfies Meta<typeof AccountScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithOrganization: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Ada Lovelace')).toBeVisible();
    await expect(c.getByText('Acme Labs')).toBeVisible();
  },
};
export const WithoutOrganization: Story = { args: { organization: null } };
export const WithOrganizationDark: Story = { globals: { theme: 'dark' } };
