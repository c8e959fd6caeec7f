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

  it('a WebSocket call (no LiveKit): the agent’s state and the running transcript, no room', () => {
    const stream = {
      state: 'speaking' as const,
      lines: [
        {
          id: 'user-0',
          speaker: 'caller' as const,
          text: 'what are your opening hours',
          final: true,
        },
        { id: 'agent-1', speaker: 'agent' as const, text: 'We open at eight', final: false },
      ],
    };
    render(<LiveCallSlot room={null} stream={stream} callState="connected" />);
    expect(screen.getByTestId('live-call-state')).toHaveTextContent('Agent speaking');
    expect(screen.getByText('what are your opening hours')).toBeVisible();
    expect(screen.getByText('We open at eight')).toBeVisible();
  });
});
