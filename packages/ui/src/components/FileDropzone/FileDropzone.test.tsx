import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropzone } from './FileDropzone';
import { describeAccept, formatBytes, isAcceptedType, partitionFiles } from './partitionFiles';
import { expectNoAxeViolations } from '../../test/axe';

const docs = ['.pdf', '.doc', '.docx', '.txt'];
const MB = 1024 * 1024;

function file(name: string, size = 10, type = '') {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('partitionFiles', () => {
  it('given files of accepted extensions › accepts them, case-insensitively', () => {
    const a = file('Report.PDF');
    const b = file('notes.txt');
    expect(partitionFiles([a, b], docs)).toEqual({ accepted: [a, b], rejected: [] });
  });

  it('given a wrong type › rejects it with a message naming the file and the accepted types', () => {
    const ok = file('a.docx');
    const { accepted, rejected } = partitionFiles([file('virus.exe'), ok], docs);
    expect(accepted).toEqual([ok]);
    expect(rejected).toEqual([
      'virus.exe: this file type is not accepted (accepted: PDF, DOC, DOCX, TXT).',
    ]);
  });

  it('given a file over maxSizeBytes › rejects it with its size and the limit', () => {
    const { accepted, rejected } = partitionFiles(
      [file('big.pdf', 12.5 * MB), file('limit.pdf', 10 * MB)],
      docs,
      10 * MB,
    );
    expect(accepted.map((f) => f.name)).toEqual(['limit.pdf']);
    expect(rejected).toEqual(['big.pdf: the file is too large (12.5 MB; the limit is 10 MB).']);
  });

  it('given no maxSizeBytes › does not check sizes', () => {
    expect(partitionFiles([file('huge.pdf', 5000 * MB)], docs).accepted).toHaveLength(1);
  });

  it('given a wrong type that is also too large › reports the type', () => {
    expect(partitionFiles([file('movie.mp4', 50 * MB)], docs, MB).rejected).toEqual([
      'movie.mp4: this file type is not accepted (accepted: PDF, DOC, DOCX, TXT).',
    ]);
  });

  it('given MIME types, wildcards or an empty accept list › matches like input accept', () => {
    expect(isAcceptedType(file('a.bin', 1, 'application/pdf'), ['application/pdf'])).toBe(true);
    expect(isAcceptedType(file('a.png', 1, 'image/png'), ['image/*'])).toBe(true);
    expect(isAcceptedType(file('a.txt', 1, 'text/plain'), ['image/*'])).toBe(false);
    expect(isAcceptedType(file('anything'), [])).toBe(true);
    expect(isAcceptedType(file('anything'), ['*'])).toBe(true);
    expect(isAcceptedType(file('pdf'), ['.pdf'])).toBe(false);
  });

  it('given a FileList-like input and no files › returns empty lists', () => {
    expect(partitionFiles([], docs)).toEqual({ accepted: [], rejected: [] });
  });

  it('given sizes and accept lists › formats them for people', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * MB)).toBe('10 MB');
    expect(describeAccept(['.pdf', 'image/*'])).toBe('PDF, image/*');
  });
});

function drop(target: Element, files: File[]) {
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });
}

describe('FileDropzone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given a label › is a button named by it and its prompt, described by the accepted types', () => {
    render(
      <FileDropzone
        label="Knowledge documents"
        accept={docs}
        maxSizeBytes={10 * MB}
        onFiles={() => {}}
      />,
    );
    const zone = screen.getByRole('button', {
      name: 'Knowledge documents Drag and drop a file here, or browse',
    });
    expect(zone).toHaveAccessibleDescription('Accepted: PDF, DOC, DOCX, TXT · up to 10 MB');
    expect(screen.getByText('Accepted: PDF, DOC, DOCX, TXT · up to 10 MB')).toBeInTheDocument();
  });

  it('given accepted files are dropped › calls onFiles with them', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(
      <FileDropzone label="Docs" accept={docs} multiple onFiles={onFiles} onReject={onReject} />,
    );
    const a = file('a.pdf');
    const b = file('b.txt');
    drop(screen.getByRole('button', { name: /^Docs Drag and drop/ }), [a, b]);
    expect(onFiles).toHaveBeenCalledWith([a, b]);
    expect(onReject).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('given a wrong type and an oversize file › shows and reports a message for each', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(
      <FileDropzone
        label="Docs"
        accept={docs}
        multiple
        maxSizeBytes={MB}
        onFiles={onFiles}
        onReject={onReject}
      />,
    );
    const ok = file('ok.pdf');
    drop(screen.getByRole('button', { name: /^Docs Drag and drop/ }), [
      file('run.exe'),
      file('big.docx', 2 * MB),
      ok,
    ]);
    expect(onFiles).toHaveBeenCalledWith([ok]);
    const reasons = [
      'run.exe: this file type is not accepted (accepted: PDF, DOC, DOCX, TXT).',
      'big.docx: the file is too large (2 MB; the limit is 1 MB).',
    ];
    expect(onReject).toHaveBeenCalledWith(reasons);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(reasons[0]!);
    expect(alert).toHaveTextContent(reasons[1]!);
    expect(screen.getByRole('button', { name: /^Docs Drag and drop/ })).toHaveAccessibleDescription(
      expect.stringContaining('run.exe: this file type is not accepted'),
    );
  });

  it('given only rejected files › does not call onFiles; a later good drop clears the message', () => {
    const onFiles = vi.fn();
    render(<FileDropzone label="Docs" accept={docs} onFiles={onFiles} />);
    const zone = screen.getByRole('button', { name: /^Docs Drag and drop/ });
    drop(zone, [file('photo.png')]);
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('photo.png');
    drop(zone, [file('a.pdf')]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('given several files without multiple › takes the first and rejects the rest', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(<FileDropzone label="Docs" accept={docs} onFiles={onFiles} onReject={onReject} />);
    const a = file('a.pdf');
    drop(screen.getByRole('button', { name: /^Docs Drag and drop/ }), [a, file('b.pdf')]);
    expect(onFiles).toHaveBeenCalledWith([a]);
    expect(onReject).toHaveBeenCalledWith(['b.pdf: only one file can be added at a time.']);
  });

  it('given a drag over › marks the zone as dragging until the drag leaves or drops', () => {
    render(<FileDropzone label="Docs" accept={docs} onFiles={() => {}} />);
    const zone = screen.getByRole('button', { name: /^Docs Drag and drop/ });
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveAttribute('data-dragging');
    fireEvent.dragLeave(zone);
    expect(zone).not.toHaveAttribute('data-dragging');
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    drop(zone, [file('a.pdf')]);
    expect(zone).not.toHaveAttribute('data-dragging');
  });

  it('given a click, Enter or Space › opens the file picker', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    render(<FileDropzone label="Docs" accept={docs} onFiles={() => {}} />);
    const zone = screen.getByRole('button', { name: /^Docs Drag and drop/ });
    await userEvent.click(zone);
    expect(click).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(zone).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(3);
    const input = document.querySelector('input[type="file"]');
    expect(click.mock.contexts.every((ctx) => ctx === input)).toBe(true);
  });

  it('given files picked in the picker › checks them like dropped files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFiles = vi.fn();
    const onReject = vi.fn();
    const { container } = render(
      <FileDropzone label="Docs" accept={docs} multiple onFiles={onFiles} onReject={onReject} />,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt');
    expect(input).toHaveAttribute('multiple');
    const ok = file('a.doc');
    await user.upload(input, [ok, file('b.csv')]);
    expect(onFiles).toHaveBeenCalledWith([ok]);
    expect(onReject).toHaveBeenCalledWith([
      'b.csv: this file type is not accepted (accepted: PDF, DOC, DOCX, TXT).',
    ]);
  });

  it('given disabled › ignores drops and does not open the picker', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    const onFiles = vi.fn();
    render(<FileDropzone label="Docs" accept={docs} onFiles={onFiles} disabled />);
    const zone = screen.getByRole('button', { name: /^Docs Drag and drop/ });
    expect(zone).toBeDisabled();
    await userEvent.click(zone);
    drop(zone, [file('a.pdf')]);
    expect(click).not.toHaveBeenCalled();
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('has no axe violations, also with rejection messages', async () => {
    const { container } = render(
      <FileDropzone label="Docs" accept={docs} maxSizeBytes={MB} onFiles={() => {}} />,
    );
    await expectNoAxeViolations(container);
    drop(screen.getByRole('button', { name: /^Docs Drag and drop/ }), [file('x.exe')]);
    await expectNoAxeViolations(container);
  });
});
