import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from './Field';
import { TextField } from '../TextField';
import { TextArea } from '../TextArea';
import { NumberField } from '../NumberField';
import { expectNoAxeViolations } from '../../test/axe';

describe('Field', () => {
  it('given an error › shows it instead of the help text', () => {
    render(
      <Field label="Name" description="Shown to visitors" errorMessage="Required">
        <input aria-label="Name" />
      </Field>,
    );
    expect(screen.getByText('Required')).toBeVisible();
    expect(screen.queryByText('Shown to visitors')).toBeNull();
  });

  it('given required › marks the label, whose text (and the control’s name) stays the label', () => {
    render(<TextField label="Subject" value="" onChange={() => {}} isRequired />);
    const input = screen.getByLabelText('Subject');
    expect(input).toBeRequired();
    const marker = screen.getByText('*');
    expect(marker).toHaveAttribute('aria-hidden', 'true');
    expect(marker.closest('label')).toBeNull();
  });

  it('given maxLength › counts the characters, over the limit in the danger state', () => {
    render(<TextArea label="Prompt" value="abcdef" maxLength={5} onChange={() => {}} />);
    expect(screen.getByText('6/5')).toHaveAttribute('data-over', 'true');
  });

  it('frames TextField, TextArea and NumberField the same way, without axe violations', async () => {
    const { container } = render(
      <main>
        <TextField label="Agent URL" value="" onChange={() => {}} description="The chat endpoint" />
        <TextArea label="Message" value="" onChange={() => {}} errorMessage="Write a message" />
        <NumberField label="Retries" value={2} onChange={() => {}} />
      </main>,
    );
    expect(screen.getByLabelText('Agent URL')).toHaveAccessibleDescription('The chat endpoint');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Write a message');
    expect(screen.getByLabelText('Message')).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Retries' })).toHaveValue('2');
    await expectNoAxeViolations(container);
  });
});
