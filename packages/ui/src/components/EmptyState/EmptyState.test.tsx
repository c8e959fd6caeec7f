import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';
import { Button } from '../Button';
import { expectNoAxeViolations } from '../../test/axe';

describe('EmptyState', () => {
  it('given a title and hint › shows both', () => {
    render(
      <EmptyState title="No agents found" hint="Create your first AI agent to get started!" />,
    );
    expect(screen.getByText('No agents found')).toBeInTheDocument();
    expect(screen.getByText('Create your first AI agent to get started!')).toBeInTheDocument();
  });

  it('given only a title › renders no hint, action or icon', () => {
    const { container } = render(<EmptyState title="No Gmail accounts found" />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('given an action › the action works', async () => {
    const onCreate = vi.fn();
    render(
      <EmptyState
        title="No knowledge bases found"
        hint="Create your first knowledge base to get started."
        action={<Button onClick={onCreate}>Create Knowledge Base</Button>}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Knowledge Base' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('given headingLevel › renders the title as a heading', () => {
    render(<EmptyState title="Start a conversation" headingLevel={3} />);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Start a conversation' }),
    ).toBeInTheDocument();
  });

  it('given an icon › hides it from assistive tech', () => {
    const { container } = render(<EmptyState title="Nothing here" icon="📭" />);
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('📭');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <EmptyState title="No phone numbers found" hint="Try adjusting your search" icon="☎" />
        <EmptyState title="No events" action={<Button>Create Schedule</Button>} headingLevel={2} />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
