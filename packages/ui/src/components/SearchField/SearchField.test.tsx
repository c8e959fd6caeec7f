import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './SearchField';
import { expectNoAxeViolations } from '../../test/axe';

function Controlled({ onSubmit }: { onSubmit?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchField
      label="Search agents"
      value={value}
      onChange={setValue}
      onSubmit={onSubmit}
      placeholder="Search…"
    />
  );
}

describe('SearchField', () => {
  it('given typing then Escape › clears the value', async () => {
    render(<Controlled />);
    const input = screen.getByRole('searchbox', { name: 'Search agents' });
    await userEvent.type(input, 'sales');
    expect(input).toHaveValue('sales');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('given Enter › submits; the Clear button empties the field', async () => {
    const onSubmit = vi.fn();
    render(<Controlled onSubmit={onSubmit} />);
    const input = screen.getByRole('searchbox', { name: 'Search agents' });
    await userEvent.type(input, 'support{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('support');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Controlled />);
    await expectNoAxeViolations(container);
  });
});
