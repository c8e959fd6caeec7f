import { Banner, type BannerTone } from '@parley/ui';
import type { AutosaveBanner, AutosaveMessage } from './autosave';
import * as styles from './editor.css';

/** The literal text of the blue saving banner (spec §2 Banners). */
export const savingBannerText = 'Configuration is being saved to localStorage and Dify API';

/** Causes listed by the 'API Key Missing' warning (spec §2 Banners). */
export const apiKeyMissingCauses = [
  'Session timeout: refresh the page.',
  'The agent is not configured properly.',
  'A backend issue: contact support.',
] as const;

export interface SettingsBannersProps {
  /** A save to the chatbot is running: the blue 'Saving...' banner. */
  saving: boolean;
  /** Green success or red error message of the last save. */
  message: AutosaveMessage | null;
  /** Info, warning or error banner (e.g. publish results). */
  banner: AutosaveBanner | null;
  /** The agent has no API key: the red 'API Key Missing' warning with Refresh. */
  apiKeyMissing: boolean;
  /** The agent key does not start with 'app-' or 'sk-'. */
  invalidKeyFormat: boolean;
  onRefresh: () => void;
  onDismissMessage?: () => void;
  onDismissBanner?: () => void;
}

const bannerTitles: Record<BannerTone, string> = {
  success: 'Success',
  error: 'Error',
  info: 'Info',
  warning: 'Warning',
};

/**
 * The editor's banners (spec §2): green Success, red Error, blue 'Saving...', the red
 * 'API Key Missing' warning with its causes and Refresh, and 'Invalid API Key Format'.
 * Their timers live in the autosave machine (success 4 s, error 6 s, banners 5000 ms).
 */
export function SettingsBanners({
  saving,
  message,
  banner,
  apiKeyMissing,
  invalidKeyFormat,
  onRefresh,
  onDismissMessage,
  onDismissBanner,
}: SettingsBannersProps) {
  if (!saving && !message && !banner && !apiKeyMissing && !invalidKeyFormat) return null;
  return (
    <div className={styles.banners}>
      {saving ? <Banner tone="info" busy title="Saving..." message={savingBannerText} /> : null}
      {message ? (
        <Banner
          tone={message.tone}
          title={bannerTitles[message.tone]}
          message={message.text}
          dismissible
          onDismiss={onDismissMessage}
        />
      ) : null}
      {banner ? (
        <Banner
          tone={banner.tone}
          title={bannerTitles[banner.tone]}
          message={banner.text}
          dismissible
          onDismiss={onDismissBanner}
        />
      ) : null}
      {apiKeyMissing ? (
        <Banner
          tone="error"
          title="API Key Missing"
          message="This agent has no API key. Possible causes:"
          action={{ label: 'Refresh', onClick: onRefresh }}
        >
          <ul className={styles.causes}>
            {apiKeyMissingCauses.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
      {invalidKeyFormat ? (
        <Banner
          tone="warning"
          title="Invalid API Key Format"
          message="The agent API key should start with 'app-' or 'sk-'."
        />
      ) : null}
    </div>
  );
}
