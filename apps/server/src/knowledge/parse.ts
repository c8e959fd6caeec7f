import JSZip from 'jszip';

/** Upload limits (hostile input): size of the upload, and of a zip-based document once unpacked. */
export const uploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxZipEntries: 2000,
  maxZipUncompressedBytes: 60 * 1024 * 1024,
} as const;

export type DocumentKind = 'txt' | 'pdf' | 'docx' | 'doc';

export class ParseError extends Error {}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The kind by content (magic bytes), not by name; the extension must agree with it. */
export function detectKind(bytes: Uint8Array, fileName: string): DocumentKind {
  const ext = (/\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? '').toLowerCase();
  let kind: DocumentKind;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) kind = 'pdf';
  else if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) kind = 'docx';
  else if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) kind = 'doc';
  else if (!bytes.includes(0)) kind = 'txt';
  else throw new ParseError('Unsupported file: its content is not text, PDF, DOC or DOCX');
  const expected: Record<DocumentKind, string[]> = {
    txt: ['txt', 'md', 'markdown', 'text'],
    pdf: ['pdf'],
    docx: ['docx'],
    doc: ['doc'],
  };
  if (!expected[kind].includes(ext)) {
    throw new ParseError(
      `The file content (${kind.toUpperCase()}) does not match its .${ext || '?'} extension`,
    );
  }
  return kind;
}

/** Checks a zip's entry count and total unpacked size before anything is decompressed. */
export async function assertZipBounds(bytes: Uint8Array): Promise<JSZip> {
  const zip = await JSZip.loadAsync(bytes);
  const entries = Object.values(zip.files);
  if (entries.length > uploadLimits.maxZipEntries)
    throw new ParseError('The document has too many parts');
  const total = entries.reduce(
    (sum, f) =>
      sum +
      ((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0),
    0,
  );
  if (total > uploadLimits.maxZipUncompressedBytes)
    throw new ParseError('The document is too large once unpacked');
  if (!zip.file('word/document.xml'))
    throw new ParseError('The file is a zip archive but not a Word (.docx) document');
  return zip;
}

/** Extracts the text of an upload with well-kept parsers (unpdf, mammoth, word-extractor). */
export async function extractText(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ kind: DocumentKind; text: string }> {
  if (bytes.byteLength > uploadLimits.maxBytes)
    throw new ParseError('The file is larger than the 10 MB limit');
  const kind = detectKind(bytes, fileName);
  try {
    if (kind === 'txt')
      return { kind, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    if (kind === 'pdf') {
      const { extractText: pdfText } = await import('unpdf');
      const { text } = await pdfText(new Uint8Array(bytes), { mergePages: true });
      return { kind, text };
    }
    if (kind === 'docx') {
      await assertZipBounds(bytes);
      const mammoth = await import('mammoth');
      const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      return { kind, text: value };
    }
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    return { kind, text: doc.getBody() };
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError(
      `Could not read the ${kind.toUpperCase()} file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
