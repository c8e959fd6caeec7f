import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Card } from './Card';
import { Button } from '../Button';
import { expectNoAxeViolations } from '../../test/axe';

describe('Card', () => {
  it('given a title › renders a section region labelled by its heading', () => {
    render(<Card title="Quick Actions">Body</Card>);
    const region = screen.getByRole('region', { name: 'Quick Actions' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'Quick Actions' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Body');
  });

  it('given no title › renders a plain div without heading or label', () => {
    const { container } = render(<Card>Only body</Card>);
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('DIV');
    expect(root).not.toHaveAttribute('aria-labelledby');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('given as="article" and headingLevel 3 › renders an article labelled by an h3', () => {
    render(
      <Card as="article" title="Support Agent" headingLevel={3}>
        Body
      </Card>,
    );
    const article = screen.getByRole('article', { name: 'Support Agent' });
    expect(article.tagName).toBe('ARTICLE');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Support Agent');
  });

  it('given actions › renders them in the header and they work', async () => {
    const onClick = vi.fn();
    render(
      <Card title="Knowledge" actions={<Button onClick={onClick}>Add</Button>}>
        Body
      </Card>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('given a ref and className › forwards both', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Card ref={ref} className="login-card">
        Body
      </Card>,
    );
    expect(ref.current).toBeInstanceOf(HTMLDivElement);
    expect(ref.current).toHaveClass('login-card');
  });

  it('has no axe violations with and without a title', async () => {
    const { container } = render(
      <main>
        <Card title="Profile" actions={<Button variant="secondary">Edit</Button>}>
          Content
        </Card>
        <Card>Untitled content</Card>
        <Card as="article" title="An agent" headingLevel={3}>
          Agent
        </Card>
      </main>,
    );
    await expectNoAxeViolations(container);
  });
});
