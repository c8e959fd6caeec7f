import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UploadPanel } from './UploadPanel';
import { defaultChunkSettings } from './chunkSettings';
import * as frames from './storyFrames.css';

const file = new File(['Refunds take five working days.'], 'refund-policy.txt', {
  type: 'text/plain',
});

const meta = {
  title: 'Dashboard/Knowledge/Upload panel',
  component: UploadPanel,
  args: {
    defaultIndexingTechnique: 'high_quality',
    defaultChunkSettings: defaultChunkSettings,
    onUpload: fn(async () => true),
    onDismissNotice: fn(),
  },
} satisfies Meta<typeof UploadPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TextMode: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const add = c.getByRole('button', { name: 'Add Text' });
    await expect(add).toBeDisabled();
    await userEvent.type(c.getByRole('textbox', { name: /^Content/ }), 'Open 8–18');
    await expect(add).toBeDisabled();
    await userEvent.type(c.getByRole('textbox', { name: /^Name/ }), 'Hours');
    await expect(add).toBeEnabled();
    await userEvent.click(add);
    await expect(args.onUpload).toHaveBeenCalledWith({
      mode: 'text',
      name: 'Hours',
      content: 'Open 8–18',
      indexingTechnique: 'high_quality',
      chunkSettings: defaultChunkSettings,
    });
    // A successful upload clears the form.
    await waitFor(() => expect(c.getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
  },
};

export const FileModePick: Story = {
  args: { initialState: { mode: 'file' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Accepted: PDF, DOC, DOCX, TXT · up to 10 MB')).toBeVisible();
    const upload = c.getByRole('button', { name: 'Upload File' });
    await expect(upload).toBeDisabled();
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, file);
    await expect(c.getByRole('textbox', { name: /^Name/ })).toHaveValue('refund-policy.txt');
    await userEvent.click(upload);
    await expect(args.onUpload).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'file', name: 'refund-policy.txt', file }),
    );
  },
};

export const FileModeKeepsTypedName: Story = {
  args: { initialState: { mode: 'file', name: 'Refunds' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, file);
    await expect(c.getByRole('textbox', { name: /^Name/ })).toHaveValue('Refunds');
    await userEvent.click(c.getByRole('button', { name: 'Remove file' }));
    await expect(c.getByRole('button', { name: 'Upload File' })).toBeDisabled();
  },
};

export const UrlMode: Story = {
  args: { initialState: { mode: 'url' }, defaultIndexingTechnique: 'economy' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('textbox', { name: /^URL/ }), 'https://example.com/help');
    await userEvent.click(c.getByRole('button', { name: 'Import URL' }));
    await expect(args.onUpload).toHaveBeenCalledWith({
      mode: 'url',
      url: 'https://example.com/help',
      name: undefined,
      indexingTechnique: 'economy',
      chunkSettings: defaultChunkSettings,
    });
  },
};

/** A file upload that failed leaves its name behind; a URL import is never named after it. */
export const UrlAfterFailedFileUpload: Story = {
  args: { initialState: { mode: 'file' }, onUpload: fn(async () => false) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, file);
    await userEvent.click(c.getByRole('button', { name: 'Upload File' }));
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
    await userEvent.click(c.getByRole('tab', { name: 'From URL' }));
    await expect(c.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await userEvent.type(c.getByRole('textbox', { name: /^URL/ }), 'https://example.com/help');
    await userEvent.click(c.getByRole('button', { name: 'Import URL' }));
    await expect(args.onUpload).toHaveBeenLastCalledWith(
      expect.objectContaining({ mode: 'url', url: 'https://example.com/help', name: undefined }),
    );
    // Back on File Upload, the file's name is still there for another try.
    await userEvent.click(c.getByRole('tab', { name: 'File Upload' }));
    await expect(c.getByRole('textbox', { name: /^Name/ })).toHaveValue('refund-policy.txt');
  },
};

export const Uploading: Story = {
  args: {
    initialState: { mode: 'file', file, name: 'refund-policy.txt' },
    busy: true,
    progress: 42,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toHaveAttribute('value', '42');
    await expect(c.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  },
};

export const Added: Story = {
  args: { notice: { tone: 'success', title: '"Refunds" added. Indexing has started.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('"Refunds" added.');
  },
};

export const AddedWithWarning: Story = {
  args: {
    notice: {
      tone: 'warning',
      title: '"Refunds" added. Indexing has started.',
      message:
        'No embedding key is configured: this document is indexed with full-text search only.',
    },
  },
};

export const UploadFailed: Story = {
  args: {
    initialState: { mode: 'file', file, name: 'refund-policy.txt' },
    notice: {
      tone: 'error',
      title: 'Failed to add document',
      message: 'The file is larger than the 10 MB limit.',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The file is larger than the 10 MB limit.',
    );
  },
};

export const CrawlFailed: Story = {
  args: {
    initialState: { mode: 'url', url: 'http://10.0.0.1/admin' },
    notice: {
      tone: 'error',
      title: 'Failed to crawl URL:',
      message: 'The address resolves to a private network',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Failed to crawl URL:The address resolves to a private network',
    );
  },
};

export const UrlNotAWebAddress: Story = {
  args: { initialState: { mode: 'url' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const importUrl = c.getByRole('button', { name: 'Import URL' });
    await userEvent.type(c.getByRole('textbox', { name: /^URL/ }), 'not a url');
    await expect(importUrl).toBeDisabled();
    await expect(c.getByRole('textbox', { name: /^URL/ })).toHaveAccessibleDescription(
      /Enter a full web address starting with http:\/\/ or https:\/\//,
    );
    await userEvent.clear(c.getByRole('textbox', { name: /^URL/ }));
    await userEvent.type(c.getByRole('textbox', { name: /^URL/ }), 'https://example.com/help');
    await expect(importUrl).toBeEnabled();
    await userEvent.click(importUrl);
    await expect(args.onUpload).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'url', url: 'https://example.com/help' }),
    );
  },
};
export const UrlNotAWebAddressDark: Story = { ...UrlNotAWebAddress, globals: { theme: 'dark' } };

export const CrawlUnreachable: Story = {
  args: {
    initialState: { mode: 'url', url: 'https://no-such-site.invalid/' },
    notice: {
      tone: 'error',
      title: 'Failed to crawl URL:',
      message: 'The site no-such-site.invalid was not found. Check the address.',
    },
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Failed to crawl URL:');
    await expect(alert).not.toHaveTextContent(/fetch failed|must be a valid/);
  },
};
export const CrawlUnreachableDark: Story = { ...CrawlUnreachable, globals: { theme: 'dark' } };

export const ConfigurationRequired: Story = {
  args: {
    initialState: { mode: 'url', url: 'https://example.com' },
    notice: {
      tone: 'error',
      title: 'Configuration Required',
      message: 'URL import needs a crawler to be configured',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Configuration Required',
    );
  },
};

export const ChunkSettingsOpen: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByText('Indexing and chunk settings'));
    await expect(c.getByRole('combobox', { name: 'Indexing technique' })).toBeVisible();
    await expect(c.getByRole('textbox', { name: 'Chunk size' })).toHaveValue('1,024');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Text content</p>
      <UploadPanel {...args} initialState={{ mode: 'text', name: 'Hours', content: 'Open 8–18' }} />
      <p className={frames.caption}>File upload: empty</p>
      <UploadPanel {...args} initialState={{ mode: 'file' }} />
      <p className={frames.caption}>File upload: uploading</p>
      <UploadPanel
        {...args}
        initialState={{ mode: 'file', file, name: 'refund-policy.txt' }}
        busy
        progress={42}
      />
      <p className={frames.caption}>From URL: crawl failed</p>
      <UploadPanel
        {...args}
        initialState={{ mode: 'url', url: 'http://10.0.0.1/admin' }}
        notice={{
          tone: 'error',
          title: 'Failed to crawl URL:',
          message: 'The address resolves to a private network',
        }}
      />
      <p className={frames.caption}>From URL: not a web address (Import disabled)</p>
      <UploadPanel {...args} initialState={{ mode: 'url', url: 'not a url' }} />
      <p className={frames.caption}>From URL: configuration required</p>
      <UploadPanel
        {...args}
        initialState={{ mode: 'url', url: 'https://example.com' }}
        notice={{
          tone: 'error',
          title: 'Configuration Required',
          message: 'URL import needs a crawler to be configured',
        }}
      />
      <p className={frames.caption}>Added with a warning</p>
      <UploadPanel
        {...args}
        notice={{
          tone: 'warning',
          title: '"Refunds" added. Indexing has started.',
          message: 'Indexed with full-text search only.',
        }}
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
