import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * RFC 4180 CSV: fields separated by commas (or semicolons when the header has none), quoted
 * fields with "" for a quote and line breaks inside, CRLF or LF rows. Rows come one at a time
 * (a generator), so a 5 MB list is read in slices between which the event loop runs.
 */
export function* csvRows(text: string): Generator<string[]> {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const done = (r: string[]) => r.some((f) => f.trim() !== '');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      if (done(row)) yield row;
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    if (done(row)) yield row;
  }
}

/** Every row of a CSV text (small inputs; large ones go through csvRecords). */
export const parseCsv = (text: string): string[][] => [...csvRows(text)];

/** Rows read between two yields to the event loop. */
const rowsPerSlice = 2000;

/**
 * CSV with a header row → one record per row, keyed by the trimmed header names; yields to the
 * event loop every 2,000 rows.
 */
export async function csvRecords(
  text: string,
): Promise<{ header: string[]; records: Record<string, string>[] }> {
  const rows = csvRows(text);
  const head = rows.next();
  const header = (head.done ? [] : head.value).map((h) => h.trim());
  const records: Record<string, string>[] = [];
  for (const r of rows) {
    const record: Record<string, string> = {};
    header.forEach((h, i) => (record[h] = (r[i] ?? '').trim()));
    records.push(record);
    if (records.length % rowsPerSlice === 0) await yieldToLoop();
  }
  return { header, records };
}
