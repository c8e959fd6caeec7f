import type { ChatLabels } from './i18n';
import type { PersonState } from './handoff';

const PersonIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

/**
 * 'Talk to a person' under the conversation: ready, asking ('Asking for a person…'), asked (the
 * team was told: the button gives way to a line saying so) or failed (the reason, and again).
 */
export function TalkToPerson({
  state,
  labels,
  onAsk,
}: {
  state: PersonState;
  labels: ChatLabels;
  onAsk: () => void;
}) {
  if (state === 'hidden') return null;
  if (state === 'asked')
    return (
      <p className="person asked" role="status">
        <PersonIcon />
        {labels.personAsked}
      </p>
    );
  return (
    <div className="person">
      <button
        type="button"
        className="pbtn"
        aria-busy={state === 'busy' || undefined}
        disabled={state === 'busy'}
        onClick={onAsk}
      >
        <PersonIcon />
        {state === 'busy' ? labels.personAsking : labels.talkToPerson}
      </button>
      {state === 'failed' && <span className="perr">{labels.personFailed}</span>}
    </div>
  );
}
