import { useId, useState, type FormEvent } from 'react';
import type { RetrievalWhy } from '@parley/api-client';
import { Badge, Banner, Button, Card, EmptyState, TextArea } from '@parley/ui';
import { formatScore, headingCrumbs, highlightParts } from './segments';
import * as styles from './knowledge.css';

export interface RetrievalRecordView {
  segment: {
    id: string;
    content: string;
    document?: { id: string; name: string };
    /** 'Document › Section › Subsection' ('' or absent: none). */
    heading_path?: string;
  };
  score: number;
  /** Why it was found (matched words, the score's parts); absent from older servers. */
  why?: RetrievalWhy;
}

const part = (value: number | null) => (value === null ? '—' : formatScore(value));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The score's parts and the rules that applied, as a small table. */
function WhyTable({ why }: { why: RetrievalWhy }) {
  const rows: Array<[string, string]> = [
    ['Full-text (BM25)', part(why.full_text)],
    ['Heading path', part(why.heading)],
    ['Vector similarity', part(why.vector)],
    ['Fusion (reciprocal rank)', part(why.fusion)],
    ['Query as written', yesNo(why.as_written)],
    ['Query as a phrase', yesNo(why.phrase)],
    ['Identifiers as written', String(why.identifiers)],
    ['Matched words', why.matched_terms.length ? why.matched_terms.join(', ') : '—'],
  ];
  return (
    <details className={styles.why}>
      <summary>Why this record</summary>
      <table className={styles.whyTable}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export interface RetrievalTestPanelProps {
  busy?: boolean;
  error?: string | null;
  /** The last answer's records; null before the first test. */
  records: RetrievalRecordView[] | null;
  /** The query the records answer (shown above them). */
  lastQuery?: string;
  onTest: (query: string) => void;
  initialQuery?: string;
}

function RecordItem({ record, rank }: { record: RetrievalRecordView; rank: number }) {
  const titleId = useId();
  const crumbs = headingCrumbs(record.segment.heading_path);
  return (
    <li>
      <article aria-labelledby={titleId} className={styles.record}>
        <div className={styles.sectionHeader}>
          <h3 id={titleId} className={styles.segmentTitle}>
            #{rank} · {record.segment.document?.name ?? 'Unknown document'}
          </h3>
          <Badge tone="info">Score {formatScore(record.score)}</Badge>
        </div>
        {crumbs.length ? (
          <nav aria-label="Heading path">
            <ol className={styles.crumbs}>
              {crumbs.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ol>
          </nav>
        ) : null}
        <p className={styles.recordText}>
          {highlightParts(record.segment.content, record.why?.matched_terms ?? []).map((p, i) =>
            p.match ? (
              <mark key={i} className={styles.match}>
                {p.text}
              </mark>
            ) : (
              p.text
            ),
          )}
        </p>
        {record.why ? <WhyTable why={record.why} /> : null}
      </article>
    </li>
  );
}

/** Retrieval test (spec §2): a query, then the matching records with their score and source document. */
export function RetrievalTestPanel({
  busy = false,
  error,
  records,
  lastQuery,
  onTest,
  initialQuery = '',
}: RetrievalTestPanelProps) {
  const [query, setQuery] = useState(initialQuery);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() && !busy) onTest(query.trim());
  };
  return (
    <Card title="Retrieval Test" as="article">
      <form className={styles.form} onSubmit={submit}>
        <p className={styles.muted}>
          Ask a question to see which segments the agent would receive (top 4, enabled documents and
          segments only).
        </p>
        <TextArea label="Query" value={query} onChange={setQuery} rows={2} disabled={busy} />
        <div className={styles.formActions}>
          <Button type="submit" busy={busy} busyLabel="Testing..." disabled={!query.trim()}>
            Test Retrieval
          </Button>
        </div>
        {error ? <Banner tone="error" title={error} /> : null}
        {records && !error ? (
          records.length === 0 ? (
            <EmptyState
              title="No matching segments"
              hint="Try other words, or check that the documents finished indexing."
            />
          ) : (
            <div className={styles.tightStack}>
              <p className={styles.muted} role="status">
                {records.length} {records.length === 1 ? 'record' : 'records'}
                {lastQuery ? ` for "${lastQuery}"` : ''}
              </p>
              <ol className={styles.records} aria-label="Retrieval results">
                {records.map((record, index) => (
                  <RecordItem key={record.segment.id} record={record} rank={index + 1} />
                ))}
              </ol>
            </div>
          )
        ) : null}
      </form>
    </Card>
  );
}
