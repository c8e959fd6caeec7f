import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDropzone } from './FileDropzone';
import { Stack } from '../../stories/Layout';

const MB = 1024 * 1024;

const meta = {
  title: 'UI/FileDropzone',
  component: FileDropzone,
  args: {
    label: 'Knowledge documents',
    accept: ['.pdf', '.doc', '.docx', '.txt'],
    multiple: true,
    maxSizeBytes: 10 * MB,
    onFiles: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof FileDropzone>;
export default meta;
type Story = StoryObj<typeof meta>;

function makeFile(name: string, bytes: number, type = '') {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Drops files the way a browser does: dragenter, dragover, then drop with a DataTransfer. */
function dropFiles(target: Element, files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
  }
}

export const DropAndReject: Story = {
  args: { maxSizeBytes: 1024 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByRole('button', { name: /^Knowledge documents Drag and drop/ });
    await expect(canvas.getByText('Accepted: PDF, DOC, DOCX, TXT · up to 1 KB')).toBeVisible();
    const good = makeFile('handbook.pdf', 200, 'application/pdf');
    dropFiles(zone, [good, makeFile('setup.exe', 10), makeFile('scan.docx', 4096)]);
    await expect(args.onFiles).toHaveBeenCalledWith([good]);
    await expect(args.onReject).toHaveBeenCalledWith([
      'setup.exe: this file type is not accepted (accepted: PDF, DOC, DOCX, TXT).',
      'scan.docx: the file is too large (4 KB; the limit is 1 KB).',
    ]);
    const alert = canvas.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('setup.exe'));
    await expect(alert).toHaveTextContent('scan.docx: the file is too large');
    await expect(zone).not.toHaveAttribute('data-dragging');
  },
};

export const KeyboardOpensPicker: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await expect(input).not.toBeNull();
    let opened = 0;
    // Count the picker openings without letting Chromium show the dialog.
    input?.addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: /^Knowledge documents Drag and drop/ }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(opened).toBe(2);
  },
};

export const PickFiles: Story = {
  play: async ({ canvasElement, args }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('file input missing');
    const doc = makeFile('faq.txt', 100, 'text/plain');
    await userEvent.upload(input, [doc]);
    await expect(args.onFiles).toHaveBeenCalledWith([doc]);
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

const noop = () => {};
const docs = ['.pdf', '.doc', '.docx', '.txt'];

function AllStatesView() {
  return (
    <Stack>
      <FileDropzone label="One file" accept={docs} onFiles={noop} />
      <FileDropzone
        label="Several files with a size limit"
        accept={docs}
        multiple
        maxSizeBytes={10 * MB}
        onFiles={noop}
      />
      <FileDropzone label="Any type" accept={[]} onFiles={noop} />
      <FileDropzone label="Disabled" accept={docs} onFiles={noop} disabled />
      <FileDropzone
        label="A very long label that keeps going to show how long content behaves in the zone"
        accept={['.pdf', '.doc', '.docx', '.txt', '.md', '.csv', '.json', 'image/*', 'audio/mpeg']}
        multiple
        maxSizeBytes={250 * MB}
        onFiles={noop}
      />
    </Stack>
  );
}

/** Every state; the last step drops a wrong file on the first zone to show the error message. */
export const AllStates: Story = {
  render: () => <AllStatesView />,
  play: async ({ canvasElement }) => {
    const zone = within(canvasElement).getByRole('button', { name: /^One file Drag and drop/ });
    dropFiles(zone, [makeFile('holiday-photo.png', 10, 'image/png')]);
    await waitFor(() =>
      expect(within(canvasElement).getAllByRole('alert')[0]).toHaveTextContent('holiday-photo.png'),
    );
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
