import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LiveCallSlot } from './LiveCallSlot';

describe('LiveCallSlot', () => {
  it('shows nothing while no call runs', () => {
    const { container } = render(<LiveCallSlot room={null} callState="idle" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says 'Connecting...' until the room is up", () => {
    render(<LiveCallSlot room={null} callState="connecting" />);
    expect(screen.getByRole('heading', { name: 'Live call' })).toBeVisible();
    expect(screen.getByTestId('live-call-state')).toHaveTextContent('Connecting...');
  });
});
