import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ContactLookupPanel, contactReason } from './ContactLookupPanel';
import { exportFixture } from './privacyFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Privacy/Contact lookup',
  component: ContactLookupPanel,
  args: {
    canManage: true,
    found: null,
    erased: null,
    onLookup: fn(),
    onDownload: fn(),
    onErase: fn(),
  },
} satisfies Meta<typeof ContactLookupPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const button = c.getByRole('button', { name: 'Look up' });
    await expect(button).toBeDisabled();
    await userEvent.type(
      c.getByRole('textbox', { name: /Phone number, e-mail address/ }),
      '(415) 555-2671',
    );
    await userEvent.click(button);
    await expect(args.onLookup).toHaveBeenCalledWith('(415) 555-2671');
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Found: Story = {
  args: { found: exportFixture },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('+14155552671')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Download JSON' }));
    await expect(args.onDownload).toHaveBeenCalledWith(exportFixture);
    await userEvent.click(c.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText(/deleted for good/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await expect(args.onErase).toHaveBeenCalledWith('+14155552671');
  },
};
export const FoundDark: Story = { args: { found: exportFixture }, globals: { theme: 'dark' } };

export const Erased: Story = {
  args: {
    erased: {
      contact: exportFixture.contact,
      erased: {
        conversations: 1,
        messages: 1,
        calls: 0,
        scheduled_calls: 0,
        outbox: 0,
        mail_sends: 0,
        consent_records_hashed: 1,
      },
    },
  },
  play: shows('Erased +14155552671'),
};
export const ErasedDark: Story = { ...Erased, globals: { theme: 'dark' } };

export const Looking: Story = { args: { looking: true } };
export const LookingDark: Story = { ...Looking, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { error: 'contact: must be a phone number, an e-mail address or a user id' },
  play: shows('That did not work'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const Member: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(contactReason)).toBeVisible();
    await expect(c.getByRole('textbox', { name: /Phone number/ })).toBeDisabled();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };
