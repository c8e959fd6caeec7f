import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
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
