import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { CreateKnowledgeBasePanel } from './CreateKnowledgeBasePanel';
import { defaultCreateForm } from './createKnowledgeForm';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Knowledge/Create knowledge base panel',
  component: CreateKnowledgeBasePanel,
  args: { onCreate: fn(), onCancel: fn() },
} satisfies Meta<typeof CreateKnowledgeBasePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Defaults: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Indexing technique' })).toHaveTextContent(
      'High Quality',
    );
    await expect(c.getByRole('combobox', { name: 'Permission' })).toHaveTextContent('Only me');
    await expect(c.getByRole('textbox', { name: 'Chunk size' })).toHaveValue('1,024');
    await expect(c.getByRole('textbox', { name: 'Min section size' })).toHaveValue('100');
    await expect(c.getByRole('textbox', { name: 'Max section size' })).toHaveValue('4,000');
    await expect(c.getByRole('slider', { name: 'Chunk overlap (%)' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await expect(c.getByRole('slider', { name: 'Heading priority' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await expect(
      c.getByRole('switch', { name: 'Replace consecutive spaces, newlines and tabs' }),
    ).toBeChecked();
    await expect(
      c.getByRole('switch', { name: 'Remove all URLs and email addresses' }),
    ).not.toBeChecked();
    await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const NameRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(c.getByText('Name is required')).toBeVisible();
    await expect(c.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const ChunkSizeClampedToRange: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('textbox', { name: /^Name/ }), 'Docs');
    const size = c.getByRole('textbox', { name: 'Chunk size' });
    await userEvent.clear(size);
    await userEvent.type(size, '99999');
    await userEvent.tab();
    await expect(size).toHaveValue('4,096');
    await userEvent.click(c.getByRole('combobox', { name: 'Permission' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partial members' }));
    await userEvent.click(c.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(args.onCreate).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Docs',
        permission: 'partial_members',
        indexingTechnique: 'high_quality',
        chunkSettings: expect.objectContaining({ chunkSize: 4096, mode: 'structure' }),
      }),
    );
  },
};

export const Creating: Story = {
  args: { busy: true, initialForm: { ...defaultCreateForm(), name: 'Clinic FAQ' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Creating...' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    initialForm: { ...defaultCreateForm(), name: 'Clinic FAQ' },
    error: 'Failed to create knowledge base: A knowledge base with this name already exists',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Failed to create knowledge base: A knowledge base with this name already exists',
    );
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Defaults</p>
      <CreateKnowledgeBasePanel {...args} />
      <p className={frames.caption}>Economy, team permission</p>
      <CreateKnowledgeBasePanel
        {...args}
        initialForm={{
          ...defaultCreateForm(),
          name: 'Clinic FAQ',
          indexingTechnique: 'economy',
          permission: 'all_team_members',
        }}
      />
      <p className={frames.caption}>Creating</p>
      <CreateKnowledgeBasePanel
        {...args}
        busy
        initialForm={{ ...defaultCreateForm(), name: 'Clinic FAQ' }}
      />
      <p className={frames.caption}>Failed</p>
      <CreateKnowledgeBasePanel
        {...args}
        error="Failed to create knowledge base: A knowledge base with this name already exists"
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };

const team = [
  { userId: 'user_1', name: 'Ada Lovelace', email: 'ada@example.com' },
  { userId: 'user_2', name: 'Grace Hopper', email: 'grace@example.com' },
  { userId: 'user_3', name: 'Alan Turing', email: 'alan@example.com' },
];
const partialForm = {
  ...defaultCreateForm(),
  name: 'Board notes',
  permission: 'partial_members' as const,
};

export const PartialMembersPicker: Story = {
  args: { initialForm: partialForm, members: team, currentUserId: 'user_1' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // The creator always has access: not offered.
    await expect(c.queryByRole('checkbox', { name: /Ada Lovelace/ })).toBeNull();
    await userEvent.click(c.getByRole('checkbox', { name: /Grace Hopper/ }));
    await userEvent.click(c.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(args.onCreate).toHaveBeenCalledWith(
      expect.objectContaining({ permission: 'partial_members', partialMembers: ['user_2'] }),
    );
  },
};
export const PartialMembersPickerDark: Story = {
  args: { initialForm: partialForm, members: team, currentUserId: 'user_1' },
  globals: { theme: 'dark' },
};

export const PartialMembersLoading: Story = {
  args: { initialForm: partialForm },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading members')).toBeInTheDocument();
  },
};
export const PartialMembersLoadingDark: Story = {
  ...PartialMembersLoading,
  globals: { theme: 'dark' },
};

export const PartialMembersAlone: Story = {
  args: { initialForm: partialForm, members: team.slice(0, 1), currentUserId: 'user_1' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('No other members yet: invite them from Account → Members.'),
    ).toBeVisible();
  },
};
export const PartialMembersAloneDark: Story = {
  ...PartialMembersAlone,
  globals: { theme: 'dark' },
};

export const PartialMembersError: Story = {
  args: { initialForm: partialForm, membersError: 'HTTP 500: Internal Server Error' },
  play: shows('Could not load the members'),
};
export const PartialMembersErrorDark: Story = {
  ...PartialMembersError,
  globals: { theme: 'dark' },
};
