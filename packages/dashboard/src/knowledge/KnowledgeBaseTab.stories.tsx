import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { KnowledgeBaseTab, type KnowledgeBaseTabProps } from './KnowledgeBaseTab';
import { defaultChunkSettings } from './chunkSettings';
import { StoryProviders } from '../stories/StoryProviders';
import { knowledgeBackend } from '../stories/knowledgeHandlers';

/** Keeps the selection the way the shell keeps it in the URL. */
function Harness(props: KnowledgeBaseTabProps) {
  const [selectedId, setSelectedId] = useState(props.selectedId ?? null);
  return (
    <KnowledgeBaseTab
      {...props}
      selectedId={selectedId}
      onSelect={(id) => {
        setSelectedId(id);
        props.onSelect(id);
      }}
    />
  );
}

/** The Knowledge Base tab over the real client; MSW keeps an in-memory store per story. */
const meta = {
  title: 'Dashboard/Knowledge/Knowledge Base tab',
  component: KnowledgeBaseTab,
  args: { orgId: 'org-1', selectedId: null, onSelect: fn(), origin: 'https://console.example' },
  render: (args) => (
    <StoryProviders>
      <Harness {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof KnowledgeBaseTab>;
export default meta;
type Story = StoryObj<typeof meta>;

const slow = { timeout: 6000 };

function makeFile(name: string, text: string, type = 'text/plain') {
  return new File([text], name, { type });
}

/** Drops a file the way a browser does: dragenter, dragover, then drop with a DataTransfer. */
function dropFile(target: Element, file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
  }
}

export const SearchAndSelect: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend()),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const docs = await c.findByRole('article', { name: 'Product documentation' });
    await expect(within(docs).getByText('HQ • VECTOR')).toBeVisible();
    await expect(within(docs).getByText('4 documents')).toBeVisible();
    await expect(within(docs).getByText('Created Jan 2, 2025')).toBeVisible();
    const faq = c.getByRole('article', { name: 'Clinic FAQ' });
    await expect(within(faq).getByText('ECONOMY')).toBeVisible();
    await expect(within(faq).getByText('1 document')).toBeVisible();
    // Documents and API Keys appear only once a base is selected.
    await expect(c.queryByRole('tab', { name: 'Documents' })).toBeNull();

    const search = c.getByRole('searchbox', { name: 'Search knowledge bases' });
    await userEvent.type(search, 'PARKING');
    await expect(c.getAllByRole('article')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    await expect(c.getByText('No knowledge bases found')).toBeVisible();
    await expect(c.getByText('Try adjusting your search terms.')).toBeVisible();
    await userEvent.clear(search);

    await userEvent.click(
      within(c.getByRole('article', { name: 'Clinic FAQ' })).getByRole('button', {
        name: 'Clinic FAQ',
      }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith('kb_faq');
    await expect(c.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
    await expect(c.getByRole('tab', { name: 'API Keys' })).toBeVisible();
    await expect(await c.findByRole('rowheader', { name: 'Opening hours' })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ bases: [] })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('No knowledge bases found')).toBeVisible();
    await expect(c.getByText('Create your first knowledge base to get started.')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ latencyMs: 'infinite' })),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Loading knowledge bases...'),
    ).toBeVisible();
  },
};

export const NotLoggedIn: Story = {
  args: { session: 'signed-out' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'You are not logged in. Please login to access Knowledge Bases.',
    );
  },
};

export const AuthenticationError: Story = {
  args: { session: 'no-token' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Authentication error. Please refresh the page and try again.',
    );
  },
};

export const SessionExpired: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ listStatus: 401 })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please refresh the page and login again.',
    );
  },
};

export const NetworkError: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ listNetworkError: true })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Failed to connect to the server. Please check your internet connection.',
    );
  },
};

export const FetchFailed: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ listStatus: 500 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent(
      'Failed to fetch knowledge bases: Database unavailable',
    );
    await expect(c.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

const createRequests = fn();

export const CreateBase: Story = {
  beforeEach: ({ msw }) => {
    createRequests.mockClear();
    msw.use(...knowledgeBackend({ bases: [], onRequest: createRequests }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Create Knowledge Base' }));
    const form = c.getByRole('article', { name: 'Create Knowledge Base' });
    const f = within(form);
    await userEvent.click(f.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(f.getByText('Name is required')).toBeVisible();
    await userEvent.type(f.getByRole('textbox', { name: /^Name/ }), 'Clinic FAQ');
    await userEvent.type(f.getByRole('textbox', { name: /Description/ }), 'Hours and parking');
    await userEvent.click(f.getByRole('combobox', { name: 'Indexing technique' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Economy' }));
    await userEvent.click(f.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(await c.findByText('Knowledge base "Clinic FAQ" created.')).toBeVisible();
    await expect(c.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
    await expect(c.getByText('Selected:')).toBeVisible();
    await expect(createRequests).toHaveBeenCalledWith('create', {
      name: 'Clinic FAQ',
      description: 'Hours and parking',
      indexingTechnique: 'economy',
      permission: 'only_me',
      chunkSettings: defaultChunkSettings,
    });
  },
};

export const CreateFailed: Story = {
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ createStatus: 409 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: 'Create' }));
    const f = within(c.getByRole('article', { name: 'Create Knowledge Base' }));
    await userEvent.type(f.getByRole('textbox', { name: /^Name/ }), 'Product documentation');
    await userEvent.click(f.getByRole('button', { name: 'Create Knowledge Base' }));
    await expect(await f.findByRole('alert')).toHaveTextContent(
      'Failed to create knowledge base: A knowledge base with this name already exists',
    );
  },
};

export const DeleteBase: Story = {
  args: { selectedId: 'kb_faq' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend()),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
    await userEvent.click(c.getByRole('tab', { name: 'Knowledge Bases' }));
    const card = await c.findByRole('article', { name: 'Clinic FAQ' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete knowledge base' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Knowledge Base' });
    await expect(confirm).toHaveTextContent('This action cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(null));
    await waitFor(() => expect(c.queryByRole('article', { name: 'Clinic FAQ' })).toBeNull());
    await expect(c.queryByText('The selected knowledge base was not found.')).toBeNull();
    await expect(c.queryByRole('tab', { name: 'Documents' })).toBeNull();
  },
};

export const UploadTextAndWatchIndexing: Story = {
  args: { selectedId: 'kb_policies' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 1 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('No documents yet')).toBeVisible();
    const panel = within(c.getByRole('article', { name: 'Add Documents' }));
    const add = panel.getByRole('button', { name: 'Add Text' });
    await expect(add).toBeDisabled();
    await userEvent.type(panel.getByRole('textbox', { name: /^Name/ }), 'Refunds');
    await expect(add).toBeDisabled();
    await userEvent.type(panel.getByRole('textbox', { name: /^Content/ }), 'Refunds take 5 days.');
    await userEvent.click(add);
    const row = await c.findByRole('row', { name: /Refunds/ });
    await expect(within(row).getByText('indexing')).toBeVisible();
    await expect(
      c.getByText('Indexing in progress: the list refreshes every 2 seconds.'),
    ).toBeVisible();
    await waitFor(() => expect(within(row).getByText('completed')).toBeVisible(), slow);
    await userEvent.click(within(row).getByRole('button', { name: 'Segments' }));
    await expect(await c.findByRole('heading', { name: 'Chunk-01' })).toBeVisible();
    await expect(c.getByText('Refunds take 5 days.')).toBeVisible();
  },
};

export const UploadFileByDrop: Story = {
  args: { selectedId: 'kb_policies' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const panel = within(await c.findByRole('article', { name: 'Add Documents' }));
    await userEvent.click(panel.getByRole('tab', { name: 'File Upload' }));
    const upload = panel.getByRole('button', { name: 'Upload File' });
    await expect(upload).toBeDisabled();
    dropFile(
      panel.getByRole('button', { name: /^Document file Drag and drop/ }),
      makeFile('refund-policy.txt', 'Refunds take five working days.'),
    );
    await expect(await panel.findByText('refund-policy.txt')).toBeVisible();
    // The name defaults to the file's name.
    await expect(panel.getByRole('textbox', { name: /^Name/ })).toHaveValue('refund-policy.txt');
    await userEvent.click(upload);
    const row = await c.findByRole('row', { name: /refund-policy\.txt/ });
    await expect(within(row).getByText('indexing')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveTextContent('"refund-policy.txt" added.');
  },
};

export const UploadFileFailed: Story = {
  args: { selectedId: 'kb_policies' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ uploadStatus: 400 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const panel = within(await c.findByRole('article', { name: 'Add Documents' }));
    await userEvent.click(panel.getByRole('tab', { name: 'File Upload' }));
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, makeFile('handbook.pdf', '%PDF-1.4', 'application/pdf'));
    await userEvent.type(panel.getByRole('textbox', { name: /^Name/ }), '{selectall}Handbook');
    await userEvent.click(panel.getByRole('button', { name: 'Upload File' }));
    const alert = await panel.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to add document');
    // The server's reason in plain words: no 'file:' field prefix.
    await expect(alert).toHaveTextContent('The file is larger than the 10 MB limit.');
    await expect(alert).not.toHaveTextContent('file:');
  },
};

export const UrlCrawlFailed: Story = {
  args: { selectedId: 'kb_faq' },
  beforeEach: ({ msw }) =>
    msw.use(
      ...knowledgeBackend({
        crawlError: { status: 422, error: 'The address resolves to a private network' },
      }),
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const panel = within(await c.findByRole('article', { name: 'Add Documents' }));
    await userEvent.click(panel.getByRole('tab', { name: 'From URL' }));
    const importUrl = panel.getByRole('button', { name: 'Import URL' });
    await expect(importUrl).toBeDisabled();
    await userEvent.type(panel.getByRole('textbox', { name: /^URL/ }), 'http://10.0.0.1/admin');
    // The name is optional.
    await expect(importUrl).toBeEnabled();
    await userEvent.click(importUrl);
    const alert = await panel.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to crawl URL:');
    await expect(alert).toHaveTextContent('The address resolves to a private network');
  },
};

export const UrlConfigurationRequired: Story = {
  args: { selectedId: 'kb_faq' },
  beforeEach: ({ msw }) =>
    msw.use(
      ...knowledgeBackend({
        crawlError: {
          status: 503,
          error: 'URL import needs a crawler to be configured',
          configurationRequired: true,
        },
      }),
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const panel = within(await c.findByRole('article', { name: 'Add Documents' }));
    await userEvent.click(panel.getByRole('tab', { name: 'From URL' }));
    await userEvent.type(panel.getByRole('textbox', { name: /^URL/ }), 'https://example.com');
    await userEvent.click(panel.getByRole('button', { name: 'Import URL' }));
    const alert = await panel.findByRole('alert');
    await expect(alert).toHaveTextContent('Configuration Required');
    await expect(alert).toHaveTextContent('URL import needs a crawler to be configured');
  },
};

export const SegmentsAndToggles: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const row = await c.findByRole('row', { name: /Old FAQ\.txt/ });
    const docSwitch = within(row).getByRole('switch', { name: 'Disabled' });
    await expect(docSwitch).not.toBeChecked();
    await userEvent.click(docSwitch);
    await waitFor(() => expect(docSwitch).toBeChecked());
    await expect(docSwitch).toHaveAccessibleName('Enabled');
    await expect(
      within(c.getByRole('row', { name: /Scanned contract/ })).getByText(
        'The PDF has no extractable text',
      ),
    ).toBeVisible();

    await userEvent.click(c.getByRole('button', { name: 'Getting started.md' }));
    await expect(await c.findByRole('heading', { name: 'Chunk-01' })).toBeVisible();
    const second = c.getByRole('article', { name: /^Chunk-02/ });
    await expect(within(second).getByText(/…$/)).toBeVisible();
    await expect(within(second).getByText('Retrieval count: 3')).toBeVisible();
    await userEvent.hover(within(second).getByText(/…$/));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'so a question finds its answer even when the words differ.',
    );
    await userEvent.unhover(within(second).getByText(/…$/));
    const third = c.getByRole('article', { name: /^Chunk-03/ });
    const segSwitch = within(third).getByRole('switch', { name: 'Disabled' });
    await expect(segSwitch).not.toBeChecked();
    await userEvent.click(segSwitch);
    await waitFor(() => expect(segSwitch).toBeChecked());
    await expect(segSwitch).toHaveAccessibleName('Enabled');
    await userEvent.click(c.getByRole('button', { name: /Back to documents/ }));
    await expect(await c.findByRole('row', { name: /Pricing page/ })).toBeVisible();
  },
};

export const DeleteDocument: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const row = await c.findByRole('row', { name: /Old FAQ\.txt/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete document' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Document' });
    await expect(confirm).toHaveTextContent('This action cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(c.queryByRole('row', { name: /Old FAQ\.txt/ })).toBeNull());
  },
};

const reindex = async (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  const row = await c.findByRole('row', { name: /Getting started\.md/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Reindex' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reindex Document' });
  const d = within(dialog);
  // Starts from the base's chunk settings.
  await expect(d.getByRole('textbox', { name: 'Chunk size' })).toHaveValue('512');
  await userEvent.click(d.getByRole('button', { name: 'Reindex' }));
  return { c, d, dialog };
};

export const ReindexStarted: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const { c, d } = await reindex(canvasElement);
    await expect(await d.findByRole('status')).toHaveTextContent(
      'Document reindexing started! It may take a few moments to complete.',
    );
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    const row = await c.findByRole('row', { name: /Getting started\.md/ });
    await waitFor(() => expect(within(row).getByText('indexing')).toBeVisible());
  },
};

export const ReindexWithWarning: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) =>
    msw.use(
      ...knowledgeBackend({
        indexingPolls: 'never',
        reindexWarning: 'No embedding key is configured: indexed with full-text search only.',
      }),
    ),
  play: async ({ canvasElement }) => {
    const { d } = await reindex(canvasElement);
    const status = await d.findByRole('status');
    await expect(status).toHaveTextContent('Document reindexing started!');
    await expect(status).toHaveTextContent('indexed with full-text search only.');
  },
};

export const ReindexFailed: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) =>
    msw.use(...knowledgeBackend({ indexingPolls: 'never', reindexStatus: 503 })),
  play: async ({ canvasElement }) => {
    const { d } = await reindex(canvasElement);
    await expect(await d.findByRole('alert')).toHaveTextContent(
      'Failed to reindex: Ingestion queue is down',
    );
    await expect(d.getByRole('button', { name: 'Reindex' })).toBeEnabled();
  },
};

export const RetrievalTest: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const form = within(await c.findByRole('article', { name: 'Retrieval Test' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Query' }), 'attach knowledge');
    await userEvent.click(form.getByRole('button', { name: 'Test Retrieval' }));
    const results = await form.findByRole('list', { name: 'Retrieval results' });
    const first = within(results).getAllByRole('article')[0]!;
    await expect(first).toHaveTextContent('Getting started.md');
    await expect(first).toHaveTextContent('Score 1.0000');
    await expect(first).toHaveTextContent('attach a knowledge base');
  },
};

export const ApiKeys: Story = {
  args: { selectedId: 'kb_docs', section: 'api-keys' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend()),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const first = await c.findByRole('row', { name: /7bXc/ });
    await expect(first).toHaveTextContent('••••••••7bXc');
    await expect(first).not.toHaveTextContent('3kQ9');
    await expect(within(first).getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(c.getByText('Never')).toBeVisible();
    await expect(
      c.getByText('POST https://console.example/v1/datasets/kb_docs/retrieve'),
    ).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Create API Key' }));
    await waitFor(() => expect(c.getAllByRole('row')).toHaveLength(4));
    await expect(c.getAllByText('Never')).toHaveLength(2);
  },
};

export const Indexing: Story = {
  args: { selectedId: 'kb_docs' },
  beforeEach: ({ msw }) => msw.use(...knowledgeBackend({ indexingPolls: 'never' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const row = await c.findByRole('row', { name: /Pricing page/ });
    // Status colours: indexing yellow, completed green, anything else red.
    const tone = (name: RegExp, text: string) =>
      within(c.getByRole('row', { name })).getByText(text).closest('[data-tone]');
    await expect(within(row).getByText('indexing').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'warning',
    );
    await expect(tone(/Getting started/, 'completed')).toHaveAttribute('data-tone', 'success');
    await expect(tone(/Scanned contract/, 'error')).toHaveAttribute('data-tone', 'danger');
    await expect(
      c.getByText('Indexing in progress: the list refreshes every 2 seconds.'),
    ).toBeVisible();
  },
};

export const SearchAndSelectDark: Story = {
  ...SearchAndSelect,
  play: undefined,
  globals: { theme: 'dark' },
};
export const IndexingDark: Story = { ...Indexing, play: undefined, globals: { theme: 'dark' } };
