import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TestEditorModal } from './TestEditorModal';
import { draftFromTest, emptyDraft, type TestDraft } from './testsFormat';
import { fixtureTests } from './testFixtures';

const meta = {
  title: 'Dashboard/Agents/Tests/Test editor',
  component: TestEditorModal,
  args: {
    open: true,
    title: 'New test',
    draft: emptyDraft(),
    onOpenChange: fn(),
    onChange: fn(),
    onSave: fn(),
  },
} satisfies Meta<typeof TestEditorModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The editor with its own draft state, as the container holds it. */
function Stateful(props: React.ComponentProps<typeof TestEditorModal>) {
  const [draft, setDraft] = useState<TestDraft>(props.draft);
  return (
    <TestEditorModal
      {...props}
      draft={draft}
      onChange={(d) => {
        setDraft(d);
        props.onChange(d);
      }}
    />
  );
}

export const NewTest: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(body.getByLabelText(/^Test name/), 'Hours');
    await userEvent.type(body.getByLabelText('User says (turn 1)'), 'When do you open?');
    await userEvent.type(body.getByLabelText('Expectation 1 value'), '9');
    await userEvent.click(body.getByRole('button', { name: 'Add turn' }));
    await expect(body.getByLabelText('User says (turn 2)')).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Save test' }));
    await expect(args.onSave).toHaveBeenCalled();
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        name: 'Hours',
        turns: [
          { user: 'When do you open?', expect: [{ type: 'contains', value: '9' }] },
          { user: '', expect: [] },
        ],
      }),
    );
  },
};
export const NewTestDark: Story = { ...NewTest, globals: { theme: 'dark' } };

export const EditTest: Story = {
  args: { title: 'Edit test', draft: draftFromTest(fixtureTests[1]!) },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByLabelText(/^Test name/)).toHaveValue('Never quotes prices');
    await expect(body.getByLabelText('User says (turn 2)')).toHaveValue('Roughly?');
  },
};
export const EditTestDark: Story = { ...EditTest, globals: { theme: 'dark' } };

export const WithError: Story = {
  args: { error: 'turns.0.user: is required' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByText('The test cannot be saved')).toBeVisible();
    await expect(body.getByText('turns.0.user: is required')).toBeVisible();
  },
};
export const WithErrorDark: Story = { ...WithError, globals: { theme: 'dark' } };

export const Saving: Story = {
  args: { saving: true, draft: draftFromTest(fixtureTests[0]!) },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};
export const SavingDark: Story = { ...Saving, globals: { theme: 'dark' } };
