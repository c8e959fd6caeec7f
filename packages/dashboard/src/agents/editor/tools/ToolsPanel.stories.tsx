import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ToolsPanel, visitorSendsTexts } from './ToolsPanel';
import {
  endCallToolFixture,
  httpToolFixture,
  longUrlToolFixture,
  transferToolFixture,
} from './toolFixtures';
import { retriesAfter, shows } from '../../../stories/plays';

const meta = {
  title: 'Dashboard/Editor/Tools panel',
  component: ToolsPanel,
  args: {
    tools: [httpToolFixture, endCallToolFixture, transferToolFixture],
    editing: true,
    onAdd: fn(),
    onEdit: fn(),
    onTest: fn(),
    onDelete: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ToolsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Tools' })).toBeVisible();
    const list = c.getByRole('list', { name: 'Agent tools' });
    await expect(list).toHaveTextContent('check_slots');
    await expect(list).toHaveTextContent('POST https://booking.example.com/slots');
    await expect(list).toHaveTextContent('Transfer call to +14155550123');
    await expect(list).toHaveTextContent('Disabled');
    await userEvent.click(c.getAllByRole('button', { name: 'Test tool' })[0]!);
    await expect(args.onTest).toHaveBeenCalledWith(httpToolFixture);
    await userEvent.click(c.getByRole('button', { name: 'Edit check_slots' }));
    await expect(args.onEdit).toHaveBeenCalledWith(httpToolFixture);
    // Add tool stands apart from the list; a row's Delete is quiet, not solid red.
    const add = c.getByRole('button', { name: 'Add tool' });
    const gap = add.getBoundingClientRect().top - list.getBoundingClientRect().bottom;
    await expect(gap).toBeGreaterThanOrEqual(12);
    const del = c.getByRole('button', { name: 'Delete check_slots' });
    const edit = getComputedStyle(c.getByRole('button', { name: 'Edit check_slots' }));
    await expect(getComputedStyle(del).backgroundColor).toBe(edit.backgroundColor);
    await userEvent.click(add);
    await expect(args.onAdd).toHaveBeenCalled();
  },
};
export const ListDark: Story = { ...List, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { tools: [] },
  play: shows('No tools yet'),
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { tools: [], loading: true },
  play: shows('Loading tools...'),
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const LoadError: Story = {
  args: { tools: [], error: 'HTTP 500: Internal Server Error' },
  play: retriesAfter('HTTP 500: Internal Server Error'),
};
export const LoadErrorDark: Story = { ...LoadError, globals: { theme: 'dark' } };

/** Not in edit mode: only Test tool stays available. */
export const NotEditing: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Add tool' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Edit check_slots' })).toBeDisabled();
    await expect(c.getAllByRole('button', { name: 'Test tool' })[0]).toBeEnabled();
  },
};
export const NotEditingDark: Story = { ...NotEditing, globals: { theme: 'dark' } };

export const Deleting: Story = {
  args: { deletingId: httpToolFixture.id },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: /Deleting/ })).toBeDisabled();
  },
};
export const DeletingDark: Story = { ...Deleting, globals: { theme: 'dark' } };

/** A long name and URL wrap inside the card. */
export const LongContent: Story = {
  args: { tools: [longUrlToolFixture] },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Agent tools' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};
export const LongContentDark: Story = { ...LongContent, globals: { theme: 'dark' } };

/** 'Let visitors receive e-mails/texts': off by default; the switch says what each way means. */
export const VisitorSendsOff: Story = {
  args: { visitorSends: { on: false, onChange: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const toggle = c.getByRole('switch', { name: visitorSendsTexts.label });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(visitorSendsTexts.description);
    await userEvent.click(toggle);
    await expect(args.visitorSends!.onChange).toHaveBeenCalledWith(true);
  },
};
export const VisitorSendsOffDark: Story = { ...VisitorSendsOff, globals: { theme: 'dark' } };

export const VisitorSendsOnSaving: Story = {
  args: { visitorSends: { on: true, saving: true, onChange: fn() } },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: visitorSendsTexts.label });
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeDisabled();
  },
};
export const VisitorSendsOnSavingDark: Story = {
  ...VisitorSendsOnSaving,
  globals: { theme: 'dark' },
};

export const VisitorSendsFailed: Story = {
  args: { visitorSends: { on: false, error: 'HTTP 500: Internal Server Error', onChange: fn() } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(visitorSendsTexts.failed)).toBeVisible();
    await expect(c.getByText('HTTP 500: Internal Server Error')).toBeVisible();
  },
};
export const VisitorSendsFailedDark: Story = { ...VisitorSendsFailed, globals: { theme: 'dark' } };

/** Not editing: the switch is shown, disabled, as every setting. */
export const VisitorSendsNotEditing: Story = {
  args: { editing: false, visitorSends: { on: true, onChange: fn() } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('switch', { name: visitorSendsTexts.label }),
    ).toBeDisabled();
  },
};
