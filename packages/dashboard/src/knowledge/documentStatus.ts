import { documentStatusTone } from '@parley/api-client';

/** While any document is indexing, the list refreshes this often (ms). */
export const indexingPollMs = 2000;

/** completed → green, indexing → yellow, anything else → red (spec §4). */
export function statusTone(status: string): 'success' | 'warning' | 'danger' {
  return documentStatusTone(status);
}

/** The status as shown: completed and indexing as given; anything else is an error. */
export function statusLabel(status: string): string {
  if (status === 'completed') return 'completed';
  if (status === 'indexing') return 'indexing';
  return 'error';
}

export function anyIndexing(documents: ReadonlyArray<{ status: string }> | undefined): boolean {
  return (documents ?? []).some((d) => d.status === 'indexing');
}

/** refetchInterval for the document list: every 2 s while anything indexes, else no polling. */
export function documentsRefetchInterval(
  documents: ReadonlyArray<{ status: string }> | undefined,
): number | false {
  return anyIndexing(documents) ? indexingPollMs : false;
}
