import yauzl from 'yauzl';

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

/** Why an archive is refused; the message the user sees. */
const tooLargeUnpacked = 'The document is too large once unpacked';

/**
 * Checks a zip by what it really inflates to, not by what its headers claim: every entry of the
 * central directory (the entries mammoth reads) is inflated as a stream, its bytes counted and
 * dropped, and the whole stops at `maxZipUncompressedBytes`. Memory stays at a few stream buffers
 * whatever the archive says; only an archive that passes is handed to mammoth.
 */
export async function assertZipBounds(bytes: Uint8Array): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(
        buffer,
        { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
        (err, z) => (err ? reject(err) : resolve(z)),
      ),
    );
  } catch (error) {
    throw new ParseError(
      `The file is not a readable Word (.docx) document: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    if (zip.entryCount > uploadLimits.maxZipEntries)
      throw new ParseError('The document has too many parts');
    let declared = 0;
    let inflated = 0;
    let hasDocument = false;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => done(null, e);
        const onEnd = () => done(null, null);
        const onError = (err: Error) => done(err, null);
        const done = (err: Error | null, e: yauzl.Entry | null) => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
          if (err) reject(err);
          else resolve(e);
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (!entry) break;
      if (entry.fileName === 'word/document.xml') hasDocument = true;
      if (entry.fileName.endsWith('/')) continue;
      // What the headers say is checked first (cheap), then what the data really inflates to.
      declared += entry.uncompressedSize;
      if (declared > uploadLimits.maxZipUncompressedBytes) throw new ParseError(tooLargeUnpacked);
      const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>(
        (resolve, reject) =>
          zip.openReadStream(entry, (err, s) =>
            err ? reject(err) : resolve(s as NodeJS.ReadableStream & { destroy(): void }),
          ),
      );
      await new Promise<void>((resolve, reject) => {
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated > uploadLimits.maxZipUncompressedBytes) {
            stream.destroy();
            reject(new ParseError(tooLargeUnpacked));
          }
        });
        stream.on('end', () => resolve());
        stream.on('error', (err: Error) =>
          // yauzl: the entry inflates to more bytes than its header says (a lying zip bomb).
          reject(/too many bytes/.test(err.message) ? new ParseError(tooLargeUnpacked) : err),
        );
      });
    }
    if (!hasDocument)
      throw new ParseError('The file is a zip archive but not a Word (.docx) document');
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError(
      `The file is not a readable Word (.docx) document: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    zip.close();
  }
}

/** Extracts the text of an upload with well-kept parsers (unpdf, mammoth, word-extractor). */
export async function extractText(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ kind: DocumentKind; text: string }> {
  if (bytes.byteLength > uploadLimits.maxBytes)
    throw new ParseError('The file is larger than the 10 MB limit');
  if (bytes.byteLength === 0) throw new ParseError('The file is empty');
  const kind = detectKind(bytes, fileName);
  const { text } = await extractByKind(bytes, kind);
  if (!text.trim()) throw new ParseError('The file contains no text');
  return { kind, text };
}

async function extractByKind(bytes: Uint8Array, kind: DocumentKind): Promise<{ text: string }> {
  try {
    if (kind === 'txt') return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    if (kind === 'pdf') {
      const { extractText: pdfText } = await import('unpdf');
      const { text } = await pdfText(new Uint8Array(bytes), { mergePages: true });
      return { text };
    }
    if (kind === 'docx') {
      await assertZipBounds(bytes);
      const mammoth = await import('mammoth');
      const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      return { text: value };
    }
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    return { text: doc.getBody() };
  } catch (error) {
    if (error instanceof ParseError) throw error;
    // The library's own text (stack-like, about its internals) stays out of the answer.
    throw new ParseError(
      `Could not read this ${kind.toUpperCase()} file: it may be damaged, protected by a password or not really a ${kind.toUpperCase()}`,
      { cause: error },
    );
  }
}
