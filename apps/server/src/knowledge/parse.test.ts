import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { realDocx } from '../../test/wordDocument';
import { assertZipBounds, detectKind, extractText, ParseError, uploadLimits } from './parse';
import { lyingZipBomb, peakRssGrowthMb } from '../../test/zipBomb';

const enc = (s: string) => new TextEncoder().encode(s);

describe('detectKind (by content, not by name)', () => {
  it('recognises text, PDF, DOCX (zip) and DOC (OLE)', () => {
    expect(detectKind(enc('hello'), 'a.txt')).toBe('txt');
    expect(detectKind(enc('# Title'), 'notes.md')).toBe('txt');
    expect(detectKind(enc('%PDF-1.7\n'), 'a.pdf')).toBe('pdf');
    expect(detectKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]), 'a.docx')).toBe('docx');
    expect(
      detectKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.doc'),
    ).toBe('doc');
  });
  it('rejects a renamed file and binary junk', () => {
    expect(() => detectKind(enc('just text'), 'report.pdf')).toThrow(
      'does not match its .pdf extension',
    );
    expect(() => detectKind(new Uint8Array([0x4d, 0x5a, 0, 0]), 'setup.txt')).toThrow(ParseError);
  });
});

describe('extractText', () => {
  it('reads UTF-8 text and refuses files over the limit', async () => {
    expect(await extractText(enc('Opening hours: 8-18'), 'faq.txt')).toEqual({
      kind: 'txt',
      text: 'Opening hours: 8-18',
    });
    await expect(extractText(new Uint8Array(uploadLimits.maxBytes + 1), 'big.txt')).rejects.toThrow(
      '10 MB',
    );
  });
  it('reads a real DOCX through mammoth', async () => {
    const bytes = await realDocx('Clinic hours are 8 to 18.');
    const { kind, text } = await extractText(bytes, 'hours.docx');
    expect(kind).toBe('docx');
    expect(text).toContain('Clinic hours are 8 to 18.');
  });
  it('refuses a zip bomb before unpacking and a zip that is not a Word document', async () => {
    const bomb = new JSZip();
    bomb.file('word/document.xml', 'x'.repeat(uploadLimits.maxZipUncompressedBytes + 10), {
      compression: 'DEFLATE',
    });
    await expect(
      assertZipBounds(await bomb.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })),
    ).rejects.toThrow('too large once unpacked');
    const many = new JSZip();
    for (let i = 0; i <= uploadLimits.maxZipEntries; i++) many.file(`f${i}.txt`, '');
    await expect(assertZipBounds(await many.generateAsync({ type: 'uint8array' }))).rejects.toThrow(
      'too many parts',
    );
    const other = new JSZip();
    other.file('hello.txt', 'hi');
    await expect(
      extractText(await other.generateAsync({ type: 'uint8array' }), 'x.docx'),
    ).rejects.toThrow('not a Word');
  });
  it('a broken PDF fails with a clear reason, not the library’s text', async () => {
    const failure = extractText(enc('%PDF-1.7\nnot really a pdf'), 'broken.pdf');
    await expect(failure).rejects.toThrow(
      /^Could not read this PDF file: it may be damaged, protected by a password or not really a PDF$/,
    );
  });
});

describe('a lying zip bomb (headers say 4 KB, the data inflates to 1 GiB)', () => {
  it('is refused at the cap of what it really inflates to, with bounded memory', async () => {
    const bomb = lyingZipBomb(1024);
    expect(bomb.byteLength).toBeLessThan(1.2e6);
    const { result, mb } = await peakRssGrowthMb(() =>
      extractText(bomb, 'report.docx').then(
        () => 'parsed',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    );
    expect(result).toBe('The document is too large once unpacked');
    // Stated bound: the whole check costs under 100 MB of process memory (today: over 1 GB).
    expect(mb).toBeLessThan(100);
  });
});
