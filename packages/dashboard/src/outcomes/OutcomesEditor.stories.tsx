import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyOutcomePlan } from '@parley/api-client';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OutcomesEditor, type OutcomesEditorProps } from './OutcomesEditor';
import { RerunControl } from './RerunControl';
import { bookingPlan, runningRerun } from './outcomeFixtures';
import { formFromPlan, planFromForm, planSaveStatus, type PlanForm } from './planForm';

/** The editor with its form held here (as the container holds it); the status follows the check. */
function Stateful(
  props: Omit<OutcomesEditorProps, 'form' | 'status' | 'errors'> & { start: PlanForm },
) {
  const { start, onChange, ...rest } = props;
  const [form, setForm] = useState(start);
  const checked = planFromForm(form);
  const errors = checked.ok ? {} : checked.errors;
  return (
    <OutcomesEditor
      {...rest}
      form={form}
      errors={errors}
      status={planSaveStatus({ errors, saving: false, dirty: false, saved: true, failure: null })}
      onChange={(next) => {
        setForm(next);
        onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/Outcomes/Editor',
  component: Stateful,
  args: { start: formFromPlan(emptyOutcomePlan), editing: true, onChange: fn() },
} satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No plan yet: turn the summary on, choose pass/fail (its criteria become required), add a field. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No fields yet.')).toBeVisible();
    await userEvent.click(c.getByRole('switch', { name: /Summary/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ summary: true }),
    );
    await userEvent.click(c.getByRole('combobox', { name: 'Success evaluation' }));
    await userEvent.click(within(document.body).getByRole('option', { name: 'Pass / fail' }));
    // Criteria are required with a success type: the field and the status say so.
    await expect(c.getByRole('status', { name: 'Outcome plan save status' })).toHaveTextContent(
      /^Not saved: What success means: /,
    );
    await userEvent.type(c.getByLabelText(/What success means/), 'The customer booked a table.');
    await expect(c.getByRole('status', { name: 'Outcome plan save status' })).toHaveTextContent(
      'All changes saved to the draft',
    );
    await userEvent.click(c.getByRole('button', { name: 'Add field' }));
    await userEvent.type(c.getByLabelText('Name (field 1)'), 'Order Number');
    // A name is snake_case: the problem is shown at the field, naming it.
    await expect(c.getByRole('status', { name: 'Outcome plan save status' })).toHaveTextContent(
      /^Not saved: Field 1 name: /,
    );
  },
};
export const EmptyDark: Story = { globals: { theme: 'dark' } };

/** A plan with typed fields (one of a list with its choices) and tags; removing a field. */
export const Filled: Story = {
  args: { start: formFromPlan(bookingPlan) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Name (field 3)')).toHaveValue('topic');
    await expect(c.getByLabelText(/Choices \(field 3\)/)).toHaveValue('booking\nrefund\nother');
    await expect(c.getByLabelText(/^Tags/)).toHaveValue('booking, complaint, callback');
    await userEvent.click(c.getByRole('button', { name: 'Remove field wants_callback' }));
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as PlanForm;
    await expect(last.fields.map((f) => f.name)).toEqual(['party_size', 'topic']);
  },
};
export const FilledDark: Story = { args: Filled.args, globals: { theme: 'dark' } };

/** Read-only (not editing): every input is disabled and it says how to change it. */
export const ReadOnly: Story = {
  args: { start: formFromPlan(bookingPlan), editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/Read-only/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Add field' })).toBeDisabled();
    await expect(c.getByLabelText('Name (field 1)')).toBeDisabled();
  },
};

/** With the rerun control under it, a rerun in progress. */
export const WithRerun: Story = {
  args: {
    start: formFromPlan(bookingPlan),
    rerun: (
      <RerunControl
        since="2026-11-21"
        onSinceChange={fn()}
        until=""
        onUntilChange={fn()}
        onStart={fn()}
        latest={runningRerun}
        editing
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/Re-analysing: 16 of 40 conversations/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Re-run analysis' })).toBeDisabled();
  },
};
export const WithRerunDark: Story = { ...WithRerun, globals: { theme: 'dark' } };
