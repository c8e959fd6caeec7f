import type { MailRefused } from '@parley/api-client';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export interface RefusedMailsProps {
  refused: MailRefused;
}

const sizeOf = (bytes: number) =>
  bytes >= 1048576
    ? `${(bytes / 1048576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The mails this mailbox refused (it could not read or store them) and why: the reader moved
 * past each one, so later mail was not held up. Nothing when none was refused.
 */
export function RefusedMails({ refused }: RefusedMailsProps) {
  if (!refused.total) return null;
  const more = refused.total - refused.recent.length;
  return (
    <section className={styles.section} aria-labelledby="refused-heading">
      <h3 id="refused-heading" className={styles.sectionHeading}>
        Refused mails ({refused.total})
      </h3>
      <p className={styles.subtle}>
        These mails could not be read or stored, so they were skipped and later mail was read as
        usual. Ask the sender to send them again in a simpler form, or read them in your mail
        client.
      </p>
      <ol className={channel.messages} aria-label="Refused mails">
        {refused.recent.map((r) => (
          <li
            key={`${r.at}-${r.imap_uid ?? ''}`}
            className={channel.message}
            aria-label={`Refused: ${r.subject || '(no subject)'}`}
          >
            <div className={channel.meta}>
              <span className={styles.address}>{r.from || 'Unknown sender'}</span>
              <time dateTime={r.at}>{new Date(r.at).toLocaleString()}</time>
            </div>
            <p className={[channel.meta, styles.address].join(' ')}>
              {r.subject || '(no subject)'}
              {r.size_bytes ? ` · ${sizeOf(r.size_bytes)}` : ''}
            </p>
            <p className={channel.text}>Why: {r.reason}</p>
          </li>
        ))}
      </ol>
      {more > 0 ? (
        <p className={styles.subtle}>
          {more} older refused {more === 1 ? 'mail is' : 'mails are'} not listed.
        </p>
      ) : null}
    </section>
  );
}
