import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MaskedField } from './MaskedField';
import { maskValue } from './maskValue';
import { expectNoAxeViolations } from '../../test/axe';

describe('maskValue', () => {
  it('given 12 characters or more › keeps only the last four characters', () => {
    expect(maskValue('sk-live-1234')).toBe('••••••••1234');
    expect(maskValue('sk-live-abcd1234')).toBe('••••••••••••1234');
  });

  it('given fewer than 12 characters › masks them all as ••••', () => {
    expect(maskValue('abcde')).toBe('••••');
    expect(maskValue('1234')).toBe('••••');
    expect(maskValue('x')).toBe('••••');
  });

  it('given an empty value › returns an empty string', () => {
    expect(maskValue('')).toBe('');
  });

  it('given characters outside the BMP › counts each as one character', () => {
    expect(maskValue('ab🔑cdefghijk')).toBe('••••••••hijk');
    expect(maskValue('🔑🔑')).toBe('••••');
  });
});

describe('MaskedField', () => {
  it('given a secret › shows only its last four characters in a field named by the label', () => {
    render(<MaskedField label="OpenAI API key" value="sk-proj-abcd9876" />);
    const input = screen.getByLabelText('OpenAI API key');
    expect(input).toHaveValue('••••••••••••9876');
    expect(input).toHaveAttribute('readonly');
    expect(screen.queryByDisplayValue('sk-proj-abcd9876')).toBeNull();
  });

  it('given Show is pressed › reveals the value; Hide masks it again', async () => {
    render(<MaskedField label="OpenAI API key" value="sk-proj-abcd9876" />);
    const input = screen.getByLabelText('OpenAI API key');
    const show = screen.getByRole('button', { name: 'Show' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    expect(show).toHaveAttribute('aria-controls', input.id);
    expect(show).toHaveAccessibleDescription('OpenAI API key');
    await userEvent.click(show);
    expect(input).toHaveValue('sk-proj-abcd9876');
    const hide = screen.getByRole('button', { name: 'Hide' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    expect(input).toHaveValue('••••••••••••9876');
    expect(screen.getByRole('button', { name: 'Show' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('given keyboard use › Tab reaches the toggle and Enter/Space flip it', async () => {
    render(<MaskedField label="Twilio auth token" value="0123456789abcdef" />);
    await userEvent.tab();
    expect(screen.getByLabelText('Twilio auth token')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Show' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Twilio auth token')).toHaveValue('0123456789abcdef');
    await userEvent.keyboard(' ');
    expect(screen.getByLabelText('Twilio auth token')).toHaveValue('••••••••••••cdef');
  });

  it('given a description › describes the field', () => {
    render(<MaskedField label="Webhook secret" value="whsec_1234" description="Set in 2024" />);
    expect(screen.getByLabelText('Webhook secret')).toHaveAccessibleDescription('Set in 2024');
  });

  it('given a value the server already masked › offers no Show (it could not show it)', () => {
    render(<MaskedField label="Model API Key" value="••••••••abcd" />);
    expect(screen.getByLabelText('Model API Key')).toHaveValue('••••••••abcd');
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('given an empty value › shows an empty field', () => {
    render(<MaskedField label="Webhook secret" value="" />);
    expect(screen.getByLabelText('Webhook secret')).toHaveValue('');
  });

  it('has no axe violations masked and revealed', async () => {
    const { container } = render(
      <div>
        <MaskedField label="OpenAI API key" value="sk-proj-abcd9876" description="Stored" />
        <MaskedField label="Twilio auth token" value="0123456789abcdef" />
      </div>,
    );
    await expectNoAxeViolations(container);
    await userEvent.click(screen.getAllByRole('button', { name: 'Show' })[0]!);
    await expectNoAxeViolations(container);
  });
});
