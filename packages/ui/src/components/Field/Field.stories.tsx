import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from './Field';
import { input } from '../../theme/field.css';
import { Stack } from '../Stack';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Field',
  component: Field,
  args: { label: 'Label', children: null },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Field around plain controls (TextField, TextArea and NumberField wire react-aria's ids). */
function Fields() {
  const [subject, setSubject] = useState('');
  const message = 'Too long for its limit';
  return (
    <Stack>
      <Field
        label="Subject"
        labelProps={{ htmlFor: 'subject' }}
        required
        maxLength={20}
        value={subject}
      >
        <input
          id="subject"
          className={input}
          required
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field
        label="Agent URL"
        labelProps={{ htmlFor: 'url' }}
        description="The agent runtime's chat endpoint"
      >
        <input id="url" className={input} aria-describedby="url-help" />
      </Field>
      <Field
        label="Message"
        labelProps={{ htmlFor: 'message' }}
        maxLength={10}
        value={message}
        errorMessage="Keep it under 10 characters"
        errorMessageProps={{ id: 'message-error' }}
      >
        <textarea
          id="message"
          className={input}
          aria-invalid
          aria-describedby="message-error"
          defaultValue={message}
        />
      </Field>
    </Stack>
  );
}

/** The frame each control shares: required marker, counter, help text, error. */
export const AllStates: Story = {
  render: () => <Fields />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const subject = canvas.getByLabelText('Subject');
    await expect(subject).toBeRequired();
    await userEvent.type(subject, 'Hello');
    await expect(canvas.getByText('5/20')).toBeVisible();
    await expect(canvas.getByText('22/10')).toHaveAttribute('data-over', 'true');
    await expect(canvas.getByLabelText('Message')).toHaveAccessibleDescription(
      'Keep it under 10 characters',
    );
  },
};
export const AllStatesDark: Story = inDark(AllStates);
