import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar } from './Navbar';
import { CreateOrganizationModal } from './CreateOrganizationModal';

const user = { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const base = {
  orgName: 'My Organization',
  user,
  activeTab: 'agents' as const,
  onTabChange: () => {},
  theme: 'light' as const,
  onThemeChange: () => {},
  onAccount: () => {},
  onLogout: () => {},
};

describe('Navbar', () => {
  it("given logout in progress › 'Logging out...' stays visible on the user menu button", () => {
    render(<Navbar {...base} loggingOut />);
    expect(screen.getByRole('button', { name: 'Logging out...' })).toHaveTextContent(
      'Logging out...',
    );
  });

  it('given a phone › the tabs are in a menu that names the open tab', async () => {
    const onTabChange = vi.fn();
    render(<Navbar {...base} onTabChange={onTabChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sections: Agents' }));
    // The open one is marked (a check icon, aria-current), not called 'Agents (open)'.
    const open = await screen.findByRole('menuitem', { name: 'Agents' });
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(/\(open\)/)).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Knowledge Base' }));
    expect(onTabChange).toHaveBeenCalledWith('knowledge-base');
  });

  const organizations = [
    { orgId: 'o1', orgName: 'Acme Labs', role: 'owner' },
    { orgId: 'o2', orgName: 'Globex', role: 'admin' },
  ];
  /** Acme Labs open among two organizations. */
  const withOrganizations = {
    ...base,
    orgName: 'Acme Labs',
    organizations,
    currentOrgId: 'o1',
  };

  it('given several organizations › the brand switches organization and creates one more', async () => {
    const onSwitch = vi.fn();
    const onCreate = vi.fn();
    render(
      <Navbar
        {...withOrganizations}
        onSwitchOrganization={onSwitch}
        onCreateOrganization={onCreate}
      />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: /^Acme Labs ?\(switch organization\)$/ }),
    );
    const menu = await screen.findByRole('menu', { name: 'Organizations' });
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Acme Labs' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Globex' }));
    expect(onSwitch).toHaveBeenCalledWith('o2');
    await userEvent.click(
      screen.getByRole('button', { name: /^Acme Labs ?\(switch organization\)$/ }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create organization' }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('given several organizations › the user menu switches too', async () => {
    const onSwitch = vi.fn();
    render(
      <Navbar
        {...withOrganizations}
        onSwitchOrganization={onSwitch}
        onCreateOrganization={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'User menu for Ada Lovelace' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Create organization' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Globex' }));
    expect(onSwitch).toHaveBeenCalledWith('o2');
  });

  it('given the inbox open › Conversations is the current entry, no tab is', async () => {
    const onOpen = vi.fn();
    render(<Navbar {...base} activeTab={null} conversationsOpen onOpenConversations={onOpen} />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Conversations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Overview' }));
    await userEvent.click(within(nav).getByRole('link', { name: 'Conversations' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('CreateOrganizationModal', () => {
  it('given a member without an organization › can log out from the modal', async () => {
    const onLogout = vi.fn();
    render(
      <CreateOrganizationModal open onCreate={() => {}} onLogout={onLogout} email={user.email} />,
    );
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalled();
  });
});
