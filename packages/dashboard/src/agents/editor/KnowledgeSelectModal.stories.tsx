import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { editorKnowledgeBases } from '../../stories/editorHandlers';
import { KnowledgeSelectModal } from './KnowledgeSelectModal';

const meta = {
  title: 'Dashboard/Editor/Knowledge select modal',
  component: KnowledgeSelectModal,
  args: {
    open: true,
    onOpenChange: fn(),
    bases: editorKnowledgeBases,
    selectedIds: ['kb_docs', 'kb_removed'],
    onAddAndPublish: fn(),
  },
} satisfies Meta<typeof KnowledgeSelectModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SelectAndPublish: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    const d = within(dialog);
    await expect(d.getByText('1 Knowledge selected')).toBeVisible();
    await expect(d.getByText('12 documents')).toBeVisible();
    await expect(d.getByText('1 document')).toBeVisible();
    await userEvent.click(d.getByRole('checkbox', { name: /Clinic FAQ/ }));
    await expect(d.getByText('2 Knowledge selected')).toBeVisible();
    await userEvent.type(d.getByPlaceholderText('Search knowledge bases...'), 'BILLING');
    await expect(d.getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(d.getByRole('checkbox', { name: /Billing policies/ }));
    await userEvent.click(d.getByRole('button', { name: 'Add & Publish' }));
    await expect(args.onAddAndPublish).toHaveBeenCalledWith(['kb_docs', 'kb_faq', 'kb_policies']);
  },
};

export const Cancel: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onAddAndPublish).not.toHaveBeenCalled();
  },
};

export const Publishing: Story = {
  args: { publishing: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await expect(within(dialog).getByRole('button', { name: 'Publishing...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { loading: true, bases: [] },
  play: async () => {
    await expect(await screen.findByText('Loading knowledge bases')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Add & Publish' })).toBeDisabled();
  },
};

export const LoadError: Story = {
  args: { bases: [], error: 'HTTP 500: Internal Server Error' },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'HTTP 500: Internal Server Error',
    );
  },
};

export const Empty: Story = {
  args: { bases: [], selectedIds: [] },
  play: async () => {
    await expect(await screen.findByText('No knowledge bases found')).toBeVisible();
    await expect(
      screen.getByText('Create your first knowledge base to get started.'),
    ).toBeVisible();
    await expect(screen.getByText('0 Knowledge selected')).toBeVisible();
  },
};

export const NoSearchResults: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await userEvent.type(within(dialog).getByPlaceholderText('Search knowledge bases...'), 'zzz');
    await expect(within(dialog).getByText('Try adjusting your search terms.')).toBeVisible();
  },
};

/** The modal holds one state at a time; this is its fullest: a list with a selection. */
export const AllStates: Story = {
  args: { selectedIds: ['kb_docs', 'kb_faq'] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await expect(within(dialog).getByText('2 Knowledge selected')).toBeVisible();
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
