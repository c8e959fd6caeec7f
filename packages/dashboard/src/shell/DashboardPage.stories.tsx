import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DashboardPage } from './DashboardPage';
import { StoryProviders } from '../stories/StoryProviders';
import { backend } from '../stories/handlers';
import { meWithOrg, meWithoutOrg } from '../stories/fixtures';
import { mailBackend } from '../stories/mailHandlers';
import { underDevelopmentText } from './tabs';

/** The `/` container over the real API client; MSW answers with contract-typed handlers. */
const meta = {
  title: 'Dashboard/Shell/Dashboard page',
  component: DashboardPage,
  parameters: { layout: 'fullscreen' },
  args: { onSignedOut: fn(), onAccount: fn(), onReload: fn() },
  render: (args) => (
    <StoryProviders>
      <DashboardPage {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof DashboardPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/^Welcome( back)?, Ada$/)).toBeVisible();
    // Stats: 3 agents, 2 numbers, 1 WhatsApp-enabled, 1 mailbox mapping.
    await waitFor(() => expect(c.queryAllByText('...')).toHaveLength(0));
    const figure = (label: string) => c.getByRole('group', { name: label });
    await expect(figure('Total Agents')).toHaveTextContent('3');
    await expect(figure('Phone Numbers')).toHaveTextContent('2');
    await expect(figure('WhatsApp Numbers')).toHaveTextContent('1');
    // §3: Total Emails counts the organization's mailbox mappings (asked for that organization).
    await expect(figure('Total Emails')).toHaveTextContent('1');
    const nav = c.getByRole('navigation', { name: 'Dashboard' });
    await expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(c.getByText('Acme Labs')).toBeVisible();
  },
};

export const UserMenu: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'User menu for Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    await expect(menu).toHaveTextContent('ada@example.com');
    await expect(menu).toHaveTextContent('Developer');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(c.getByRole('button', { name: 'User menu for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled());
  },
};

export const EmailTab: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({}), ...mailBackend()),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('link', { name: 'Email' }));
    await expect(await c.findByRole('heading', { name: 'Email-Enabled Accounts' })).toBeVisible();
  },
};

export const UnderDevelopmentTab: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  // A tab the dashboard does not have (every listed tab, Email included, is built).
  render: (args) => (
    <StoryProviders initialPath="/?tab=billing">
      <DashboardPage {...args} />
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(underDevelopmentText)).toBeVisible();
  },
};

export const NoOrganization: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ me: meWithoutOrg })),
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Welcome! Create Your Organization' });
    await userEvent.type(within(dialog).getByLabelText('Organization name'), 'Acme Labs{Enter}');
    await waitFor(() => expect(args.onReload).toHaveBeenCalled());
  },
};

export const SignedOut: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ me: null })),
  play: async ({ args }) => {
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled());
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ latencyMs: 'infinite' })),
};

export const OverviewDark: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  globals: { theme: 'dark' },
};

/**
 * A 400 px phone: one navbar row, the tabs in a 'Sections' menu (issue 12). The layout switch is
 * a media query, so the story sets a 400 px viewport; the play function checks the menu either way.
 */
export const PhoneNavbar: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  globals: { viewport: { value: 'phone400', isRotated: false } },
  parameters: {
    viewport: {
      options: {
        phone400: { name: 'Phone 400 px', styles: { width: '400px', height: '800px' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const sections = await c.findByRole('button', { name: 'Sections: Overview', hidden: true });
    await expect(sections).toBeInTheDocument();
    if (window.innerWidth <= 640) await expect(sections).toBeVisible();
  },
};
export const PhoneNavbarDark: Story = {
  ...PhoneNavbar,
  globals: { ...PhoneNavbar.globals, theme: 'dark' },
};

/** A member without an organization can log out from the creation modal. */
export const NoOrganizationLogOut: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ me: meWithoutOrg })),
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Welcome! Create Your Organization' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled());
  },
};

/** A member of two organizations switches from the navbar; the choice is remembered. */
export const SwitchOrganization: Story = {
  beforeEach: ({ msw }) => {
    localStorage.removeItem('parley.org.user_1');
    msw.use(
      ...backend({
        me: {
          user: meWithOrg.user,
          organizations: [
            ...meWithOrg.organizations,
            { orgId: 'org_2', orgName: 'Globex', role: 'admin' },
          ],
        },
      }),
    );
    return () => localStorage.removeItem('parley.org.user_1');
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const trigger = await c.findByRole('button', {
      name: 'Acme Labs (switch organization)',
    });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Globex' }));
    await expect(
      await c.findByRole('button', { name: 'Globex (switch organization)' }),
    ).toBeVisible();
    await expect(localStorage.getItem('parley.org.user_1')).toBe('org_2');
  },
};
export const SwitchOrganizationDark: Story = {
  ...SwitchOrganization,
  globals: { theme: 'dark' },
};
