import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './Switch';
import { expectNoAxeViolations } from '../../test/axe';

function Controlled({ onChange }: { onChange?: (v: boolean) => void }) {
  const [checked, setChecked] = useState(true);
  return (
    <Switch
      label="Punctuate"
      description="Adds punctuation to transcripts"
      checked={checked}
      onCheckedChange={(v) => {
        onChange?.(v);
        setChecked(v);
      }}
    />
  );
}

describe('Switch', () => {
  it('given Space and clicks on the label › toggles', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const sw = screen.getByRole('switch', { name: 'Punctuate' });
    expect(sw).toBeChecked();
    expect(sw).toHaveAccessibleDescription('Adds punctuation to transcripts');
    sw.focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByText('Punctuate'));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('given disabled › does not toggle', async () => {
    const onChange = vi.fn();
    render(<Switch label="Smart format" checked={false} onCheckedChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'Smart format' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Controlled />);
    await expectNoAxeViolations(container);
  });
});
