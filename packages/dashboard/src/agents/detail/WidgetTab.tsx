import { useId, useMemo, type ReactNode } from 'react';
import { Banner, CopyButton, CopyField } from '@parley/ui';
import {
  cspNoncePlaceholder,
  isWidgetKeyFormat,
  widgetCspHeader,
  widgetSnippets,
  withNonce,
} from './widgetSnippets';
import { AllowedOriginsField, type AllowedOriginsFieldProps } from './AllowedOriginsField';
import * as styles from './detail.css';
import { apiReferenceUrl } from '../../api/addresses';

/** Texts of the Widget tab (spec: agents-and-knowledge §2 Widget tab, Banners). */
export const widgetTexts = {
  title: 'Widget Configuration',
  apiUrl: 'Agent API URL',
  apiKey: 'Agent API Key',
  chatScript: 'Chatbot Widget Script',
  voiceScript: 'Voice Widget Script',
  copyScript: 'Copy Script',
  copied: 'Copied!',
  howTo: 'How to Use These Widgets',
  keyMissing: 'API Key Missing',
  keyMissingMessage: 'The agent API key could not be loaded. Possible causes:',
  keyMissingCauses: [
    'Session timeout: refresh the page',
    'Agent not configured properly',
    'Backend issue: contact support',
  ],
  refresh: 'Refresh',
  invalidKey: 'Invalid API Key Format',
  invalidKeyMessage: "The widgets expect an API key that starts with 'app-' or 'sk-'.",
  csp: 'Sites with a strict Content-Security-Policy',
  cspIntro:
    'If your site sends a nonce-based Content-Security-Policy, give each script tag the nonce of the page and allow the agent server in connect-src. Replace YOUR_NONCE with the nonce your server generates for each response, and YOUR_LIVEKIT_HOST with your LiveKit server (voice calls only).',
  cspHeader: 'Content-Security-Policy to allow',
  copyPolicy: 'Copy Policy',
  chatScriptCsp: 'Chatbot Widget Script (nonce)',
  voiceScriptCsp: 'Voice Widget Script (nonce)',
  apiReference: 'API reference',
  apiReferenceHint:
    'Call the agent URL from your own code: every endpoint, request and answer is in the',
  urlMissing: 'Agent URL Missing',
  urlMissingMessage:
    'This agent has no agent URL (chatbot_api), so the widgets have nowhere to send messages. Set it in the Model section.',
} as const;

export interface WidgetTabProps {
  /** The agent's display name (the widgets show it). */
  agentName: string;
  /** The agent identifier (agent_name), for the voice widget's call token. */
  agentId?: string;
  /** The agent's Initial Message: the chat widget's greeting (data-greeting). */
  greeting?: string | null;
  /** The agent URL (chatbot_api). */
  apiUrl?: string | null;
  /** The agent API key (chatbot_key). */
  apiKey?: string | null;
  /** Where the widget bundles are served: `{origin}/widget/chat.js` and `voice.js`. */
  origin: string;
  /** The 'API Key Missing' banner's Refresh button (e.g. reload the agent). */
  onRefresh?: () => void;
  /** The allowed-origins setting (which sites may embed the agent); hidden when absent. */
  allowedOrigins?: AllowedOriginsFieldProps;
  /** Level of the 'Widget Configuration' heading (default 3: inside the detail's section). */
  headingLevel?: 2 | 3;
  /**
   * Shows the 'Widget Configuration' heading (default). Off where the surrounding section
   * already carries it (the agent detail), so the heading is not doubled.
   */
  showTitle?: boolean;
}

/**
 * The Widget tab: the agent URL and key with Copy, the chat and voice widget script tags with
 * 'Copy Script' ('Copied!' for 2 s), and how to use them. Snippets come from widgetSnippets.ts.
 */
const logCopyError = (error: unknown) => console.error('Failed to copy script:', error);

/** A code block to paste, its label and its Copy button (described by the label). */
function Snippet(props: {
  labelId: string;
  label: ReactNode;
  code: string;
  kind: string;
  copyLabel: string;
}) {
  return (
    <>
      <div className={styles.snippetHeader}>
        {props.label}
        <CopyButton
          value={props.code}
          label={props.copyLabel}
          copiedLabel={widgetTexts.copied}
          aria-describedby={props.labelId}
          onCopyError={logCopyError}
        />
      </div>
      <pre tabIndex={0} className={styles.snippet} data-widget={props.kind}>
        <code>{props.code}</code>
      </pre>
    </>
  );
}

export function WidgetTab({
  agentName,
  agentId,
  greeting,
  apiUrl,
  apiKey,
  origin,
  onRefresh,
  allowedOrigins,
  headingLevel = 3,
  showTitle = true,
}: WidgetTabProps) {
  const id = useId();
  const url = apiUrl?.trim() ?? '';
  const key = apiKey?.trim() ?? '';
  const snippets = useMemo(
    () =>
      url && key
        ? widgetSnippets({ origin, apiUrl: url, apiKey: key, agentName, agentId, greeting })
        : null,
    [origin, url, key, agentName, agentId, greeting],
  );
  const Title = `h${headingLevel}` as const;
  // Under the title, or directly under the surrounding section's heading (level 2) without it.
  const Sub = (showTitle ? `h${headingLevel + 1}` : `h${headingLevel}`) as 'h2' | 'h3' | 'h4';

  const input = { origin, apiUrl: url, apiKey: key, agentName, agentId, greeting };
  const cspScripts = snippets
    ? ([
        ['chat-csp', widgetTexts.chatScriptCsp, withNonce(snippets.chat)],
        ['voice-csp', widgetTexts.voiceScriptCsp, withNonce(snippets.voice)],
      ] as const)
    : [];
  const scripts = snippets
    ? ([
        ['chat', widgetTexts.chatScript, snippets.chat],
        ['voice', widgetTexts.voiceScript, snippets.voice],
      ] as const)
    : [];

  return (
    <div className={styles.widget}>
      {showTitle ? <Title className={styles.widgetHeading}>{widgetTexts.title}</Title> : null}
      {!key ? (
        <Banner
          tone="error"
          title={widgetTexts.keyMissing}
          message={widgetTexts.keyMissingMessage}
          action={onRefresh ? { label: widgetTexts.refresh, onClick: onRefresh } : undefined}
        >
          <ul className={styles.causes}>
            {widgetTexts.keyMissingCauses.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        </Banner>
      ) : !isWidgetKeyFormat(key) ? (
        <Banner
          tone="warning"
          title={widgetTexts.invalidKey}
          message={widgetTexts.invalidKeyMessage}
        />
      ) : null}
      {!url ? (
        <Banner
          tone="warning"
          title={widgetTexts.urlMissing}
          message={widgetTexts.urlMissingMessage}
        />
      ) : null}
      <div className={styles.fields}>
        <CopyField label={widgetTexts.apiUrl} value={url} />
        <CopyField label={widgetTexts.apiKey} value={key} masked />
      </div>
      <p className={styles.originsHint}>
        {widgetTexts.apiReferenceHint}{' '}
        <a
          className={styles.textLink}
          href={apiReferenceUrl(origin)}
          target="_blank"
          rel="noreferrer"
        >
          {widgetTexts.apiReference}
        </a>
        .
      </p>
      {allowedOrigins ? <AllowedOriginsField {...allowedOrigins} /> : null}
      {scripts.map(([kind, label, code]) => (
        <div
          key={kind}
          className={styles.snippetBlock}
          role="group"
          aria-labelledby={`${id}-${kind}`}
        >
          <Snippet
            labelId={`${id}-${kind}`}
            label={
              <Sub id={`${id}-${kind}`} className={styles.widgetSubheading}>
                {label}
              </Sub>
            }
            code={code}
            kind={kind}
            copyLabel={widgetTexts.copyScript}
          />
        </div>
      ))}
      <div className={styles.snippetBlock}>
        <Sub className={styles.widgetSubheading}>{widgetTexts.howTo}</Sub>
        <ol className={styles.howTo}>
          <li>
            Copy a script and paste it just before the closing{' '}
            <code className={styles.code}>&lt;/body&gt;</code> tag of your page.
          </li>
          <li>The widgets appear in the bottom-right corner of the page.</li>
          <li>You can use both widgets together on the same page.</li>
        </ol>
      </div>
      {snippets ? (
        <div className={styles.snippetBlock} role="group" aria-labelledby={`${id}-csp`}>
          <Sub id={`${id}-csp`} className={styles.widgetSubheading}>
            {widgetTexts.csp}
          </Sub>
          <p className={styles.muted}>{widgetTexts.cspIntro}</p>
          <Snippet
            labelId={`${id}-csp-policy`}
            label={
              <span id={`${id}-csp-policy`} className={styles.snippetLabel}>
                {widgetTexts.cspHeader}
              </span>
            }
            code={widgetCspHeader(input)}
            kind="csp-policy"
            copyLabel={widgetTexts.copyPolicy}
          />
          {cspScripts.map(([kind, label, code]) => (
            <div key={kind} role="group" aria-labelledby={`${id}-${kind}`}>
              <Snippet
                labelId={`${id}-${kind}`}
                label={
                  <span id={`${id}-${kind}`} className={styles.snippetLabel}>
                    {label}
                  </span>
                }
                code={code}
                kind={kind}
                copyLabel={widgetTexts.copyScript}
              />
            </div>
          ))}
          <p className={styles.muted}>
            The nonce must match the one in your policy on every page load (
            <code className={styles.code}>{`nonce="${cspNoncePlaceholder}"`}</code>); the widgets
            load their other parts themselves, which &apos;strict-dynamic&apos; allows, and keep
            their styles inside their own shadow root.
          </p>
        </div>
      ) : null}
    </div>
  );
}
