import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * The bounds of an inbound mail (the inbound URL, IMAP, 'Simulate inbound email'), checked on
 * the raw bytes before mailparser sees them: a cheap line scan that counts MIME parts, their
 * nesting, header lines, header sizes and encoded-words, and yields to the event loop every
 * `sliceBytes`, so a hostile 10 MB mail costs a few milliseconds at a time and is refused
 * before it costs more.
 */
export const mailLimits = {
  /** The largest raw mail read (the inbound URL's body, an IMAP fetch). */
  maxBytes: 10 * 1024 * 1024,
  /** MIME parts (header blocks), the message itself included. */
  maxParts: 1000,
  /** multipart and message/rfc822 levels inside one another. */
  maxDepth: 50,
  /** Lines of one header block (the message's own, or a part's). */
  maxHeaderLines: 1000,
  /** Header lines of every block together. */
  maxTotalHeaderLines: 5000,
  /** Bytes of one header block. */
  maxHeaderBytes: 256 * 1024,
  /** Bytes of one header field, continuation lines included (a Subject, References …). */
  maxFieldBytes: 64 * 1024,
  /** RFC 2047 encoded-words (`=?charset?B?…?=`) in every header together. */
  maxEncodedWords: 1000,
  /** References kept of a mail (the newest ones: the end of the header). */
  maxReferences: 50,
  /** The scan yields to the event loop after this many bytes. */
  sliceBytes: 256 * 1024,
} as const;

/** A mail the server will not take, with the reason in plain words and the HTTP status. */
export class MailRefusedError extends Error {
  /** The mail's From and Subject as far as they were read (for the refusal's record). */
  from = '';
  subject = '';
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'MailRefusedError';
  }
}

/** What the scan learnt of a mail (for a refusal record: who sent it, about what). */
export interface MailScan {
  parts: number;
  depth: number;
  headerLines: number;
  encodedWords: number;
  /** The top-level From and Subject as written (control characters removed, at most 200 characters). */
  from: string;
  subject: string;
}

const n = (x: number) => x.toLocaleString('en-US');
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001f\u007f]+/g;
const clip = (text: string) => text.replace(controls, ' ').trim().slice(0, 200);

/** The header fields the scan reads (the others are only counted and measured). */
const readFields = new Set(['content-type', 'content-transfer-encoding', 'from', 'subject']);

interface Frame {
  /** A multipart's boundary; null: a message/rfc822 inside the parent (ends with the parent's part). */
  boundary: string | null;
}

/** The content type and boundary named by a Content-Type field's value. */
function contentTypeOf(value: string) {
  const type = (/^\s*([^;\s]+)/.exec(value)?.[1] ?? '').toLowerCase();
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(value);
  return { type, boundary: boundary ? (boundary[1] ?? boundary[2] ?? '') : '' };
}

/**
 * Scans a raw mail; throws MailRefusedError naming the first bound it breaks. Linear in the
 * mail's size: every line is looked at once; body lines only when they start with '--'.
 */
export async function scanRawMail(raw: Buffer): Promise<MailScan> {
  const scan: MailScan = {
    parts: 1,
    depth: 0,
    headerLines: 0,
    encodedWords: 0,
    from: '',
    subject: '',
  };
  try {
    return await scanInto(raw, scan);
  } catch (error) {
    if (error instanceof MailRefusedError) {
      error.from = scan.from;
      error.subject = scan.subject;
    }
    throw error;
  }
}

async function scanInto(raw: Buffer, scan: MailScan): Promise<MailScan> {
  if (raw.length > mailLimits.maxBytes)
    throw new MailRefusedError(
      `the mail is ${(raw.length / 1048576).toFixed(1)} MB, over the 10 MB limit`,
      413,
    );
  const stack: Frame[] = [];
  let inHeader = true;
  let top = true;
  let blockLines = 0;
  let blockBytes = 0;
  /** The header field being read (name and its unfolded value so far) and its size. */
  let field = '';
  let fieldName = '';
  let fieldLabel = '';
  let fieldBytes = 0;
  let contentType = '';
  let encoding = '';
  let nextSlice = mailLimits.sliceBytes;

  const endField = () => {
    const name = fieldName;
    const value = field.slice(field.indexOf(':') + 1);
    if (name === 'content-type') contentType = value;
    else if (name === 'content-transfer-encoding') encoding = value.trim().toLowerCase();
    else if (top && name === 'from') scan.from = clip(value);
    else if (top && name === 'subject') scan.subject = clip(value);
    field = '';
    fieldName = '';
    fieldBytes = 0;
  };
  /** The blank line after a header block: what follows is a multipart, a message or a leaf body. */
  const endHeader = () => {
    endField();
    const { type, boundary } = contentTypeOf(contentType);
    const identity = !encoding || /^(7bit|8bit|binary)$/.test(encoding);
    if (type.startsWith('multipart/') && boundary) {
      stack.push({ boundary });
      inHeader = false;
    } else if ((type === 'message/rfc822' || type === 'message/global') && identity) {
      stack.push({ boundary: null });
      newPart();
    } else inHeader = false;
    top = false;
    contentType = '';
    encoding = '';
    if (stack.length > mailLimits.maxDepth)
      throw new MailRefusedError(
        `the mail's MIME parts are nested more than ${mailLimits.maxDepth} deep`,
      );
    scan.depth = Math.max(scan.depth, stack.length);
  };
  function newPart() {
    inHeader = true;
    blockLines = 0;
    blockBytes = 0;
    scan.parts++;
    if (scan.parts > mailLimits.maxParts)
      throw new MailRefusedError(`the mail has more than ${n(mailLimits.maxParts)} MIME parts`);
  }

  let start = 0;
  while (start < raw.length) {
    let end = raw.indexOf(10, start);
    if (end < 0) end = raw.length;
    let stop = end;
    if (stop > start && raw[stop - 1] === 13) stop--;
    if (inHeader) {
      if (stop === start) endHeader();
      else {
        const line = raw.toString('latin1', start, stop);
        blockLines++;
        blockBytes += end - start + 1;
        scan.headerLines++;
        if (blockLines > mailLimits.maxHeaderLines)
          throw new MailRefusedError(
            `a header block of the mail has more than ${n(mailLimits.maxHeaderLines)} lines`,
          );
        if (scan.headerLines > mailLimits.maxTotalHeaderLines)
          throw new MailRefusedError(
            `the mail has more than ${n(mailLimits.maxTotalHeaderLines)} header lines`,
          );
        for (let i = line.indexOf('=?'); i >= 0; i = line.indexOf('=?', i + 2)) scan.encodedWords++;
        if (scan.encodedWords > mailLimits.maxEncodedWords)
          throw new MailRefusedError(
            `the mail's headers hold more than ${n(mailLimits.maxEncodedWords)} encoded words`,
          );
        const folded = line[0] === ' ' || line[0] === '\t';
        if (!folded) {
          endField();
          fieldLabel = line.split(':', 1)[0]!.trim().slice(0, 60);
          fieldName = fieldLabel.toLowerCase();
        }
        fieldBytes += line.length;
        if (fieldBytes > mailLimits.maxFieldBytes)
          throw new MailRefusedError(
            `the mail's ${fieldLabel || 'header'} header is larger than ${mailLimits.maxFieldBytes / 1024} KB`,
          );
        if (blockBytes > mailLimits.maxHeaderBytes)
          throw new MailRefusedError(
            `a header block of the mail is larger than ${mailLimits.maxHeaderBytes / 1024} KB`,
          );
        // Only the fields the scan reads are kept (each at most maxFieldBytes).
        if (readFields.has(fieldName)) field += line;
      }
    } else if (stack.length && raw[start] === 45 && raw[start + 1] === 45) {
      const line = raw.toString('latin1', start + 2, stop).trimEnd();
      for (let k = stack.length - 1; k >= 0; k--) {
        const b = stack[k]!.boundary;
        if (b === null) continue;
        if (line === b) {
          stack.length = k + 1;
          newPart();
          break;
        }
        if (line === `${b}--`) {
          stack.length = k;
          break;
        }
      }
    }
    start = end + 1;
    if (start >= nextSlice) {
      nextSlice = start + mailLimits.sliceBytes;
      await yieldToLoop();
    }
  }
  if (inHeader) endField();
  return scan;
}

/** The newest `maxReferences` ids of a References list (the end of the header is the newest). */
export const boundedReferences = (ids: string[]) => ids.slice(-mailLimits.maxReferences);
