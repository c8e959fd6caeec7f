import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RetrievalTestPanel, type RetrievalRecordView } from './RetrievalTestPanel';
import { storySegments } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';

const records: RetrievalRecordView[] = storySegments('doc_start')
  .slice(0, 2)
  .map((segment, index) => ({
    segment: { ...segment, document: { id: 'doc_start', name: 'Getting started.md' } },
    score: index === 0 ? 0.91234 : 0.4567,
  }));

const meta = {
  title: 'Dashboard/Knowledge/Retrieval test panel',
  component: RetrievalTestPanel,
  args: { records: null, onTest: fn() },
} satisfies Meta<typeof RetrievalTestPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AskAQuestion: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const test = c.getByRole('button', { name: 'Test Retrieval' });
    await expect(test).toBeDisabled();
    await userEvent.type(c.getByRole('textbox', { name: 'Query' }), '  how do I publish?  ');
    await userEvent.click(test);
    await expect(args.onTest).toHaveBeenCalledWith('how do I publish?');
  },
};

export const Results: Story = {
  args: { records, lastQuery: 'publish an agent' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('2 records for "publish an agent"');
    const [first, second] = within(c.getByRole('list', { name: 'Retrieval results' })).getAllByRole(
      'article',
    );
    await expect(first).toHaveAccessibleName('#1 · Getting started.md');
    await expect(first).toHaveTextContent('Score 0.9123');
    await expect(second).toHaveTextContent('Score 0.4567');
  },
};

export const NoMatches: Story = {
  args: { records: [], lastQuery: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No matching segments')).toBeVisible();
  },
};

export const Testing: Story = {
  args: { busy: true, initialQuery: 'publish' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Testing...' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { error: 'Search unavailable', initialQuery: 'publish' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Search unavailable');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Before the first test</p>
      <RetrievalTestPanel {...args} />
      <p className={frames.caption}>Testing</p>
      <RetrievalTestPanel {...args} busy initialQuery="publish" />
      <p className={frames.caption}>Results</p>
      <RetrievalTestPanel {...args} records={records} lastQuery="publish an agent" />
      <p className={frames.caption}>No matches</p>
      <RetrievalTestPanel {...args} records={[]} lastQuery="zzz" />
      <p className={frames.caption}>Failed</p>
      <RetrievalTestPanel {...args} error="Search unavailable" />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
