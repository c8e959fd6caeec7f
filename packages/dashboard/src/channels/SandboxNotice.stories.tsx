import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SandboxNotice, SandboxNoticeView, sandboxNoticeKey } from './SandboxNotice';

const meta = {
  title: 'Dashboard/Phone numbers/Sandbox notice',
  component: SandboxNoticeView,
  args: { expanded: false, onExpandedChange: () => {} },
} satisfies Meta<typeof SandboxNoticeView>;
export default meta;
type Story = StoryObj<typeof meta>;
const dark = { globals: { theme: 'dark' } };

/** One slim line (about 36 px), whatever it says. */
export const Line: Story = {
  args: { sharedUnavailable: true },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByTestId('sandbox-notice');
    await expect(notice).toHaveTextContent(/Simulated numbers.*shared numbers do not serve/);
    await expect(notice.getBoundingClientRect().height).toBeLessThan(48);
  },
};
export const Expanded: Story = { args: { expanded: true, sharedUnavailable: true } };
/** Only the shared numbers' line (an organization with its own account). */
export const SharedOnly: Story = { args: { sandbox: false, sharedUnavailable: true } };
export const LineDark: Story = { ...Line, ...dark };
export const ExpandedDark: Story = { ...Expanded, ...dark };

/** Opening the details is remembered: a fresh notice (another screen, a reload) stays open. */
export const DetailsAreRemembered: Story = {
  render: () => <SandboxNotice sandbox />,
  beforeEach: () => {
    localStorage.removeItem(sandboxNoticeKey);
    return () => localStorage.removeItem(sandboxNoticeKey);
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByText(/nothing is sent or received over a real phone network/)).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Details' }));
    await expect(
      c.getByText(/nothing is sent or received over a real phone network/),
    ).toBeVisible();
    await expect(c.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(localStorage.getItem(sandboxNoticeKey)).toBe('1');
  },
};
