import { Switch } from '@parley/ui';
import { versionTexts as texts } from './versionTexts';
import * as styles from './versions.css';

export type TestedVersion = 'draft' | 'live';

export interface TestingVersionBarProps {
  version: TestedVersion;
  onVersionChange: (version: TestedVersion) => void;
  /** The live version's number; null: never published (only the draft can answer). */
  liveVersion: number | null;
}

/**
 * What the console's test chat and call talk to: 'Testing your draft', with a switch to the live
 * version every channel serves. A view.
 */
export function TestingVersionBar({
  version,
  onVersionChange,
  liveVersion,
}: TestingVersionBarProps) {
  const live = version === 'live' && liveVersion !== null;
  return (
    <div className={styles.testingBar}>
      <p className={styles.testingTitle}>
        {live ? texts.testingLive(liveVersion) : texts.testingDraft}
      </p>
      <Switch
        label={texts.liveSwitch}
        checked={live}
        onCheckedChange={(on) => onVersionChange(on ? 'live' : 'draft')}
        disabled={liveVersion === null}
        description={liveVersion === null ? texts.liveSwitchNone : texts.liveSwitchHelp}
      />
    </div>
  );
}
