import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip, TooltipProvider } from './Tooltip';
import { expectNoAxeViolations } from '../../test/axe';

function Harness() {
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip content="Copy the script tag">
        <button type="button">Copy</button>
      </Tooltip>
    </TooltipProvider>
  );
}

describe('Tooltip', () => {
  it('given keyboard focus › shows the hint and describes the trigger; Escape hides it', async () => {
    render(<Harness />);
    await userEvent.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Copy the script tag');
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(
      'Copy the script tag',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('given hover › shows the hint', async () => {
    render(<Harness />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the script tag');
  });

  it('given no TooltipProvider above › brings its own: focus shows the hint', async () => {
    render(
      <Tooltip content="Copy the script tag">
        <button type="button">Copy</button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the script tag');
  });

  it('has no axe violations when shown', async () => {
    render(<Harness />);
    await userEvent.tab();
    await screen.findByRole('tooltip');
    await expectNoAxeViolations(document.body);
  });
});
