import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RetrievalTestPanel, type RetrievalRecordView } from './RetrievalTestPanel';
import { storySegments } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const records: RetrievalRecordView[] = storySegments('doc_start')
  .slice(0, 2)
  .map((segment, index) => ({
    segment: { ...segment, document: { id: 'doc_start', name: 'Getting started.md' } },
    score: index === 0 ? 0.91234 : 0.4567,
  }));

/** Records as a server that says why answers them (issue 31). */
const explained: RetrievalRecordView[] = [
  {
    segment: {
      id: 'seg_power',
      content: 'Turn the power on with the switch at the back; the supply takes <b>10 s</b>.',
      document: { id: 'doc_manual', name: 'Manual.md' },
      heading_path: 'Manual › Setup › Power supply',
    },
    score: 0.0325,
    why: {
      matched_terms: ['power', 'suppli'],
      full_text: 4.2817,
      heading: 2.1034,
      vector: 0.8123,
      fusion: 0.0325,
      as_written: false,
      phrase: false,
      identifiers: 0,
    },
  },
  {
    segment: {
      id: 'seg_spare',
      content: 'Spare parts are listed at the end of this manual.',
      document: { id: 'doc_manual', name: 'Manual.md' },
      heading_path: '',
    },
    score: 0.0161,
    why: {
      matched_terms: [],
      full_text: null,
      heading: null,
      vector: 0.6011,
      fusion: 0.0161,
      as_written: false,
      phrase: false,
      identifiers: 0,
    },
  },
];

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

export const Explained: Story = {
  args: { records: explained, lastQuery: 'power supply' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const [first, second] = within(c.getByRole('list', { name: 'Retrieval results' })).getAllByRole(
      'article',
    );
    const a = within(first!);
    await expect(a.getByRole('navigation', { name: 'Heading path' })).toHaveTextContent(
      'ManualSetupPower supply',
    );
    await expect(a.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Manual',
      'Setup',
      'Power supply',
    ]);
    // Matched words are marked; the passage's markup stays text (never HTML).
    const marks = first!.querySelectorAll('mark');
    await expect([...marks].map((m) => m.textContent)).toEqual(['power', 'supply']);
    await expect(first!.querySelector('b')).toBeNull();
    await expect(first).toHaveTextContent('<b>10 s</b>');
    await userEvent.click(a.getByText('Why this record'));
    await expect(a.getByRole('row', { name: /Full-text \(BM25\)/ })).toHaveTextContent('4.2817');
    await expect(a.getByRole('row', { name: /Vector similarity/ })).toHaveTextContent('0.8123');
    await expect(a.getByRole('row', { name: /Matched words/ })).toHaveTextContent('power, suppli');
    // Found by vector search alone: no breadcrumb, no marks, no full-text part.
    const b = within(second!);
    await expect(b.queryByRole('navigation', { name: 'Heading path' })).toBeNull();
    await expect(second!.querySelectorAll('mark')).toHaveLength(0);
    await userEvent.click(b.getByText('Why this record'));
    await expect(b.getByRole('row', { name: /Full-text \(BM25\)/ })).toHaveTextContent('—');
  },
};

export const ExplainedDark: Story = { ...Explained, globals: { theme: 'dark' } };

export const NoMatches: Story = {
  args: { records: [], lastQuery: 'zzz' },
  play: shows('No matching segments'),
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
      <p className={frames.caption}>Results that say why</p>
      <RetrievalTestPanel {...args} records={explained} lastQuery="power supply" />
      <p className={frames.caption}>No matches</p>
      <RetrievalTestPanel {...args} records={[]} lastQuery="zzz" />
      <p className={frames.caption}>Failed</p>
      <RetrievalTestPanel {...args} error="Search unavailable" />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
