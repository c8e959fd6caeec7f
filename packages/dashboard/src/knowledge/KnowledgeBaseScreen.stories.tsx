import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { KnowledgeBaseScreen } from './KnowledgeBaseScreen';
import * as frames from './storyFrames.css';

const selected = { name: 'Product documentation', indexingTechnique: 'high_quality' };

const meta = {
  title: 'Dashboard/Knowledge/Knowledge Base screen',
  component: KnowledgeBaseScreen,
  args: {
    section: 'list',
    onSectionChange: fn(),
    hasSelection: false,
    onDismissNotice: fn(),
    children: <p>The open section</p>,
  },
} satisfies Meta<typeof KnowledgeBaseScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoSelection: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
    await expect(c.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Knowledge Bases',
      'Create',
    ]);
    await userEvent.click(c.getByRole('tab', { name: 'Create' }));
    await expect(args.onSectionChange).toHaveBeenCalledWith('create');
  },
};

export const Selected: Story = {
  args: { hasSelection: true, selected, section: 'documents' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Product documentation')).toBeVisible();
    await expect(c.getByText('HQ • VECTOR')).toBeVisible();
    await expect(c.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
    await userEvent.click(c.getByRole('tab', { name: 'API Keys' }));
    await expect(args.onSectionChange).toHaveBeenCalledWith('api-keys');
  },
};

export const Created: Story = {
  args: {
    hasSelection: true,
    selected,
    section: 'documents',
    notice: { tone: 'success', title: 'Knowledge base "Product documentation" created.' },
  },
};

export const CreatedWithWarning: Story = {
  args: {
    hasSelection: true,
    selected,
    section: 'documents',
    notice: {
      tone: 'warning',
      title: 'Knowledge base "Product documentation" created.',
      message:
        'High-quality (vector) indexing needs an embedding provider, which is not configured on this server: this knowledge base is indexed with full-text search only.',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'indexed with full-text search only.',
    );
  },
};

export const NotLoggedIn: Story = {
  args: { blocked: 'You are not logged in. Please login to access Knowledge Bases.' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(
      'You are not logged in. Please login to access Knowledge Bases.',
    );
    await expect(c.queryByRole('tablist')).toBeNull();
  },
};

export const AuthenticationError: Story = {
  args: { blocked: 'Authentication error. Please refresh the page and try again.' },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>No selection</p>
      <KnowledgeBaseScreen {...args} />
      <p className={frames.caption}>Selected, created with a warning</p>
      <KnowledgeBaseScreen
        {...args}
        hasSelection
        selected={selected}
        section="documents"
        notice={{
          tone: 'warning',
          title: 'Knowledge base "Product documentation" created.',
          message: 'Documents are indexed with full-text search only.',
        }}
      />
      <p className={frames.caption}>Not logged in</p>
      <KnowledgeBaseScreen
        {...args}
        blocked="You are not logged in. Please login to access Knowledge Bases."
      />
      <p className={frames.caption}>Authentication error</p>
      <KnowledgeBaseScreen
        {...args}
        blocked="Authentication error. Please refresh the page and try again."
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
