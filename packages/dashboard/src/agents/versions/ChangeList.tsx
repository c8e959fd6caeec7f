import type { DraftChange } from '@parley/api-client';
import { fieldLabel, valueText } from './changeFormat';
import { versionTexts as texts } from './versionTexts';
import * as styles from './versions.css';

export interface ChangeListProps {
  changes: DraftChange[];
  /** The table's caption (what is compared with what). */
  caption: string;
  /** The heading of the second column: 'Draft', or 'Version 2'. */
  otherLabel?: string;
}

function Value({ value, tone }: { value: unknown; tone: 'removed' | 'added' }) {
  const { text, full } = valueText(value);
  return (
    <span className={tone === 'removed' ? styles.removed : styles.added} title={full}>
      {text}
    </span>
  );
}

/**
 * The diff: each changed setting, tool or analysis plan with its live value and the other one
 * (secrets as '••••', long values cut with the full text as their title). A view.
 */
export function ChangeList({ changes, caption, otherLabel = texts.draftColumn }: ChangeListProps) {
  if (changes.length === 0) return <p className={styles.muted}>{texts.sameAsLive}</p>;
  return (
    <table className={styles.diff}>
      <caption className={styles.diffCaption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.diffHead}>
            {texts.field}
          </th>
          <th scope="col" className={styles.diffHead}>
            {texts.liveColumn}
          </th>
          <th scope="col" className={styles.diffHead}>
            {otherLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className={styles.diffCell}>
              {fieldLabel(change.field)}
            </th>
            <td className={styles.diffCell}>
              <Value value={change.live} tone="removed" />
            </td>
            <td className={styles.diffCell}>
              <Value value={change.draft} tone="added" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
