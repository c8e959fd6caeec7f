import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SandboxNotice, SandboxNoticeView, sandboxNoticeKey } from './SandboxNotice';

const meta = {
  title: 'Dashboard/Phone numbers/Sandbox notice',
  component: SandboxNoticeView,
  args: { collapsed: false, onCollapsedChange: () => {} },
} satisfies Meta<typeof SandboxNoticeView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {};
export const Collapsed: Story = { args: { collapsed: true } };
export const CollapsedDark: Story = { args: { collapsed: true }, globals: { theme: 'dark' } };

/** Collapsing is remembered: a fresh notice (another screen, a reload) stays collapsed. */
export const CollapseIsRemembered: Story = {
  render: () => <SandboxNotice />,
  beforeEach: () => {
    localStorage.removeItem(sandboxNoticeKey);
    return () => localStorage.removeItem(sandboxNoticeKey);
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText(/nothing is sent or received over a real phone network/),
    ).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Hide details' }));
    await expect(c.getByRole('button', { name: 'Show details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(localStorage.getItem(sandboxNoticeKey)).toBe('1');
  },
};
