/**
 * Hostile raw mails (issue 37), built for the tests and the bench: each breaks one bound of
 * mailLimits (or mailparser's own) the way a stranger would try it.
 */

const head = (subject: string, extra: string[] = []) =>
  [
    'From: Mallory <mallory@example.com>',
    'To: support@acme.test',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W+/g, '-').slice(0, 40)}-${Math.random().toString(36).slice(2)}@example.com>`,
    'MIME-Version: 1.0',
    ...extra,
  ].join('\r\n');

/** A 47 KB mail of `count` MIME parts (issue 37 used 1,100). */
export function manyParts(count = 1100): Buffer {
  const parts = Array.from(
    { length: count },
    (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
  );
  return Buffer.from(
    `${head('Many parts', ['Content-Type: multipart/mixed; boundary=b'])}\r\n\r\n${parts.join('')}--b--\r\n`,
  );
}

/** multipart inside multipart, `depth` deep. */
export function deepNesting(depth = 1000): Buffer {
  let body = 'Content-Type: text/plain\r\n\r\nthe bottom\r\n';
  for (let i = depth - 1; i >= 1; i--)
    body = `Content-Type: multipart/mixed; boundary=n${i}\r\n\r\n--n${i}\r\n${body}--n${i}--\r\n`;
  return Buffer.from(
    `${head('Deep', ['Content-Type: multipart/mixed; boundary=n0'])}\r\n\r\n--n0\r\n${body}--n0--\r\n`,
  );
}

/** A Subject of `bytes` (5 MB by default). */
export function hugeSubject(bytes = 5 * 1024 * 1024): Buffer {
  return Buffer.from(`${head('x'.repeat(bytes), ['Content-Type: text/plain'])}\r\n\r\nhello\r\n`);
}

/** `count` header lines (100,000 by default). */
export function manyHeaderLines(count = 100_000): Buffer {
  const lines = Array.from({ length: count }, (_, i) => `X-Filler-${i}: ${i}`);
  return Buffer.from(
    `${head('Many header lines', ['Content-Type: text/plain', ...lines])}\r\n\r\nhello\r\n`,
  );
}

/** `count` RFC 2047 encoded-words spread over short header lines. */
export function manyEncodedWords(count = 100_000): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i += 20)
    lines.push(`X-Words-${i}: ${'=?utf-8?q?a?= '.repeat(Math.min(20, count - i))}`);
  return Buffer.from(
    `${head('Encoded words', ['Content-Type: text/plain', ...lines])}\r\n\r\nhello\r\n`,
  );
}

/** References holding `count` ids (70,000 by default), folded over lines of `perLine` ids. */
export function manyReferences(count = 70_000, perLine = 4): Buffer {
  const ids = Array.from({ length: count }, (_, i) => `<r${i}@example.com>`);
  const folded: string[] = [];
  for (let i = 0; i < ids.length; i += perLine) folded.push(ids.slice(i, i + perLine).join(' '));
  return Buffer.from(
    `${head('Many references', ['Content-Type: text/plain', `References: ${folded.join('\r\n ')}`])}\r\n\r\nhello\r\n`,
  );
}

/** A mail of about `bytes` of plain text (the bench's 9.5 MB mails). */
export function bigText(bytes = 9.5 * 1024 * 1024): Buffer {
  const line =
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\r\n';
  return Buffer.from(
    `${head('Big text', ['Content-Type: text/plain; charset=utf-8'])}\r\n\r\n${line.repeat(Math.floor(bytes / line.length))}`,
  );
}

/** One hostile mail of each kind, with the words the refusal of it names. */
export function hostileMailsWithReasons(): [Buffer, RegExp][] {
  return [
    [manyParts(1100), /more than 1,000 MIME parts/],
    [deepNesting(1000), /nested more than 50 deep/],
    [hugeSubject(5 * 1024 * 1024), /Subject header is larger than 64 KB/],
    [manyHeaderLines(100_000), /more than 1,000 lines/],
    [manyEncodedWords(100_000), /more than 1,000 encoded words/],
    [manyReferences(70_000), /References header is larger than 64 KB/],
  ];
}
