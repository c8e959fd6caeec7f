import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MakeTestView } from './MakeTestView';
import { shows } from '../../stories/plays';

const meta = {
  title: 'Dashboard/Agents/Tests/Make a test',
  component: MakeTestView,
  args: { onMakeTest: fn() },
} satisfies Meta<typeof MakeTestView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Make a test' }));
    await expect(args.onMakeTest).toHaveBeenCalled();
  },
};
export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } };

export const Making: Story = { args: { busy: true } };
export const MakingDark: Story = { ...Making, globals: { theme: 'dark' } };

export const Made: Story = {
  args: { made: { name: 'From a sms conversation of 2026-11-25' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Test made: From a sms conversation of 2026-11-25'),
    ).toBeVisible();
  },
};
export const MadeDark: Story = { ...Made, globals: { theme: 'dark' } };

/** Away from the agent's page (inbox, SMS/WhatsApp/email threads): the notice links to its Tests. */
export const MadeElsewhere: Story = {
  args: {
    made: { name: 'From an email conversation of 2026-11-25' },
    testsHref: '/?tab=agents&agent=bot-1&section=tests',
    onOpenTests: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const link = c.getByRole('link', { name: 'Open the agent’s tests' });
    await expect(link).toHaveAttribute('href', '/?tab=agents&agent=bot-1&section=tests');
    // Keyboard: Tab past 'Make a test' reaches the link; Enter follows it.
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Make a test' })).toHaveFocus();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenTests).toHaveBeenCalledWith('/?tab=agents&agent=bot-1&section=tests');
  },
};
export const MadeElsewhereDark: Story = { ...MadeElsewhere, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { error: 'conversation_id: the conversation has no user turns' },
  play: shows('The test could not be made'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
