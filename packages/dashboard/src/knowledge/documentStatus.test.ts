// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { anyIndexing, documentsRefetchInterval, statusLabel, statusTone } from './documentStatus';

describe('document status (spec §4)', () => {
  it('colours completed green, indexing yellow and anything else red', () => {
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('indexing')).toBe('warning');
    expect(statusTone('error')).toBe('danger');
    expect(statusTone('waiting')).toBe('danger');
  });

  it('names anything but completed and indexing an error', () => {
    expect(statusLabel('completed')).toBe('completed');
    expect(statusLabel('indexing')).toBe('indexing');
    expect(statusLabel('parsing_failed')).toBe('error');
  });

  it('given a document indexing › polls every 2 s; otherwise not at all', () => {
    expect(anyIndexing([{ status: 'completed' }, { status: 'indexing' }])).toBe(true);
    expect(documentsRefetchInterval([{ status: 'completed' }, { status: 'indexing' }])).toBe(2000);
    expect(documentsRefetchInterval([{ status: 'completed' }, { status: 'error' }])).toBe(false);
    expect(documentsRefetchInterval(undefined)).toBe(false);
  });
});
