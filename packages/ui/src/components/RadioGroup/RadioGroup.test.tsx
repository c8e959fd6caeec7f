import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroup } from './RadioGroup';
import { expectNoAxeViolations } from '../../test/axe';

const options = [
  { value: 'knowledge', label: 'Knowledge Agent', hint: 'Answers from knowledge bases' },
  { value: 'action', label: 'Action Agent', hint: 'Calls tools' },
] as const;

function Controlled({ onChange }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string>('knowledge');
  return (
    <RadioGroup
      label="Agent type"
      options={options}
      value={value}
      onValueChange={(v) => {
        onChange?.(v);
        setValue(v);
      }}
    />
  );
}

describe('RadioGroup', () => {
  it('given clicks on the radio or its label › selects one option, labelled and described', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Agent type' })).toBeInTheDocument();
    const knowledge = screen.getByRole('radio', { name: 'Knowledge Agent' });
    const action = screen.getByRole('radio', { name: 'Action Agent' });
    expect(knowledge).toBeChecked();
    expect(action).toHaveAccessibleDescription('Calls tools');
    // (Arrow keys are exercised in a real browser by the story; jsdom has no roving focus.)
    await userEvent.click(action);
    expect(action).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('action');
    await userEvent.click(screen.getByText('Knowledge Agent'));
    expect(knowledge).toBeChecked();
    await expectNoAxeViolations(container);
  });
});
