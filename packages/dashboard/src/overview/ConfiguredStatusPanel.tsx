import type { SystemStatus } from '@parley/api-client';
import { integrationsHref } from '../integrations/links';
import * as base from './overview.css';
import * as own from './configured.css';

const styles = { ...base, ...own };

export interface ConfiguredLine {
  key: 'model' | 'livekit' | 'telephony' | 'mail';
  ok: boolean;
  text: string;
  /** Where a missing one is set: a console address, or (set by the operator) none. */
  fix?: { label: string; href: string };
  /** A missing one the operator sets on the server (environment variables). */
  operator?: string;
}

const providerNames: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  groq: 'Groq',
  deepseek: 'DeepSeek',
  xai: 'xAI',
};

/** The System Status lines of what is really configured (plain: unit-tested through stories). */
export function configuredLines(status: SystemStatus): ConfiguredLine[] {
  const m = status.model_keys;
  const names = m.providers.map((p) => providerNames[p] ?? p);
  const own = m.agents_with_own_key;
  const modelText = m.configured
    ? `Model keys: ${[
        ...names,
        ...(own > 0 ? [`${own} agent${own === 1 ? '' : 's'} with their own key`] : []),
      ].join(', ')}`
    : 'No model key: agents answer with the offline responder';
  return [
    {
      key: 'model',
      ok: m.configured,
      text: modelText,
      fix: m.configured
        ? undefined
        : { label: 'Add a key in Integrations', href: integrationsHref },
    },
    {
      key: 'livekit',
      ok: status.livekit.configured || status.voice.available,
      // Without LiveKit the server takes calls itself (its WebSocket transport) when it can.
      text: status.livekit.configured
        ? 'LiveKit configured: voice calls'
        : status.voice.available
          ? 'Voice calls: built into this server (LiveKit not configured)'
          : 'No voice calls',
      operator: status.livekit.configured
        ? undefined
        : status.voice.available
          ? 'For many calls at once, set on the server: LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET'
          : `${status.voice.reason ? `${status.voice.reason} ` : ''}Or set on the server: LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET`,
    },
    {
      key: 'telephony',
      ok: status.telephony.configured,
      text: status.telephony.configured
        ? `Telephony: ${status.telephony.provider === 'twilio' ? 'Twilio' : status.telephony.provider}${
            status.telephony.credentials === 'server' ? " (the install's account)" : ''
          }`
        : 'Telephony: sandbox only (no real calls or messages)',
      fix: status.telephony.configured
        ? undefined
        : { label: 'Add Twilio in Integrations', href: integrationsHref },
    },
    {
      key: 'mail',
      ok: status.mail.configured,
      text: status.mail.configured
        ? `Mail: ${status.mail.mailboxes_with_servers} mailbox${
            status.mail.mailboxes_with_servers === 1 ? '' : 'es'
          } with mail servers`
        : status.mail.mailboxes > 0
          ? 'Mail: mailboxes without mail servers (sent mail goes to the outbox)'
          : 'Mail: no mailbox',
      fix: status.mail.configured ? undefined : { label: 'Set up a mailbox', href: '/?tab=email' },
    },
  ];
}

export interface ConfiguredStatusPanelProps {
  status?: SystemStatus;
  loading?: boolean;
  error?: string | null;
  /** Follows a fix link inside the console (links also work without it). */
  onNavigate: (href: string) => void;
}

/**
 * What is really configured (issue 29), under the spec's three System Status lines: model keys,
 * LiveKit, telephony, mail; each missing one says where it is set. A view: props in, events out.
 */
export function ConfiguredStatusPanel({
  status,
  loading,
  error,
  onNavigate,
}: ConfiguredStatusPanelProps) {
  if (error) return <p className={styles.configNote}>Could not read the configuration: {error}</p>;
  if (loading || !status) return <p className={styles.configNote}>Checking the configuration...</p>;
  return (
    <ul className={`${styles.statusList} ${styles.configList}`} aria-label="Configuration">
      {configuredLines(status).map((line) => (
        <li key={line.key} className={styles.configItem} data-ok={line.ok}>
          <span className={styles.statusItem}>
            <span className={styles.configDot} data-ok={line.ok} aria-hidden="true" />
            {line.text}
          </span>
          {line.fix ? (
            <a
              className={styles.fixLink}
              href={line.fix.href}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onNavigate(line.fix!.href);
              }}
            >
              {line.fix.label}
            </a>
          ) : null}
          {line.operator ? <span className={styles.operatorNote}>{line.operator}</span> : null}
        </li>
      ))}
    </ul>
  );
}
