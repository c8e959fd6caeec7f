import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { businessHoursSchema } from '@parley/api-client';
import { BusinessHoursEditor, type BusinessHoursEditorProps } from './BusinessHoursEditor';
import { toForm, validateForm, type BusinessHoursForm } from './businessHoursForm';

const paris = toForm(
  businessHoursSchema.parse({
    time_zone: 'Europe/Paris',
    days: {
      mon: [['09:00', '17:00']],
      tue: [['09:00', '17:00']],
      wed: [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ],
      thu: [['09:00', '17:00']],
      fri: [['09:00', '16:00']],
    },
    holidays: ['2026-12-25'],
    out_of_hours_message: "We're closed now; the team answers from 9 in the morning.",
  }),
);

/** The editor with its form kept in story state, checked like the container checks it. */
function Stateful(props: BusinessHoursEditorProps) {
  const [form, setForm] = useState<BusinessHoursForm>(props.form);
  const [errors, setErrors] = useState(props.errors ?? {});
  return (
    <BusinessHoursEditor
      {...props}
      form={form}
      errors={errors}
      onChange={(next) => {
        setForm(next);
        props.onChange(next);
      }}
      onSave={() => {
        const found = validateForm(form);
        setErrors(found);
        if (!Object.keys(found).length) props.onSave();
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/Handoff/Business hours',
  component: BusinessHoursEditor,
  render: (args) => <Stateful {...args} />,
  args: { form: paris, onChange: fn(), onSave: fn(), canEdit: true },
} satisfies Meta<typeof BusinessHoursEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week of hours: closed at the weekend, a lunch break on Wednesday; add and remove hours. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('textbox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    await expect(c.getAllByText('Closed')).toHaveLength(2);
    await userEvent.click(c.getByRole('button', { name: 'Add hours on Saturday' }));
    await expect(c.getAllByText('Closed')).toHaveLength(1);
    await expect(c.getByRole('group', { name: 'Saturday, hours 1' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Remove Wednesday hours 2' }));
    await expect(c.queryByRole('group', { name: 'Wednesday, hours 2' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Save business hours' }));
    await expect(args.onSave).toHaveBeenCalled();
  },
};
export const DefaultDark: Story = { args: Default.args, globals: { theme: 'dark' } };

/** Each error at its field: the zone, a range that ends before it starts, a date, the message. */
export const WithErrors: Story = {
  args: {
    form: {
      ...paris,
      timeZone: 'Mars/Olympus',
      days: { ...paris.days, mon: [{ from: '17:00', to: '09:00' }] },
      holidays: ['2026-12-25', '2026-02-30'],
      outOfHoursMessage: '',
    },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Save business hours' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(c.getByRole('textbox', { name: 'Time zone' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(
      c.getByText('must be an IANA time zone such as Europe/Paris or America/New_York'),
    ).toBeVisible();
    await expect(
      within(c.getByRole('group', { name: 'Monday, hours 1' })).getByText(
        'must end after it starts',
      ),
    ).toBeVisible();
    await expect(c.getByText('must be a date like 2026-12-25')).toBeVisible();
    await expect(c.getByText('must not be empty')).toBeVisible();
  },
};
export const WithErrorsDark: Story = { args: WithErrors.args, globals: { theme: 'dark' } };

/** The server refused without naming a field; the last save succeeded before. */
export const SaveStates: Story = {
  args: { saveError: 'HTTP 503: Service Unavailable', saving: false },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Could not save the business hours'),
    ).toBeVisible();
  },
};
export const SaveStatesDark: Story = { args: SaveStates.args, globals: { theme: 'dark' } };

/** A member sees them, disabled, with the reason. */
export const MemberReadOnly: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Only an owner or admin can change business hours.')).toBeVisible();
    await expect(c.getByRole('textbox', { name: 'Time zone' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Save business hours' })).toBeDisabled();
  },
};
export const MemberReadOnlyDark: Story = { args: MemberReadOnly.args, globals: { theme: 'dark' } };
