import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { VoiceWidgetConfig } from './config';
import type { VoiceLabels } from './i18n';
import type { ActiveCall, StartCall } from './callTypes';
import type { CallTransport } from './loader';
import { VoiceError, type VoiceToken } from './token';

export interface VoiceDeps {
  openMicrophone: () => Promise<MediaStreamTrack>;
  fetchToken: () => Promise<VoiceToken>;
  /** The call script of the token's transport (LiveKit, or the server's WebSocket stream). */
  loadCall: (transport: CallTransport) => Promise<StartCall>;
}

/** How the page's commands (window.ParleyVoice) reach the widget. */
export interface VoiceController {
  start?: () => void;
  end?: () => void;
}

export interface VoiceWidgetProps {
  config: VoiceWidgetConfig;
  labels: VoiceLabels;
  deps: VoiceDeps;
  controller: VoiceController;
  /** Another Parley widget (the chat launcher) sits bottom-right: stand beside it. */
  stacked?: boolean;
}

type Phase = 'idle' | 'connecting' | 'call';

const MicIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
  </svg>
);

/**
 * The voice widget: a call button ('Talk to Agent' → 'Connecting...' → 'End Call'), a bubble
 * for errors and call state (during a call the agent's state: listening, thinking, speaking),
 * the running transcript above it, and the agent's audio. The microphone comes first (a refusal costs
 * no call), then the token, then the call script its transport needs (livekit-client only for a
 * LiveKit call).
 */
export function VoiceWidget({ config, labels, deps, controller, stacked }: VoiceWidgetProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  /** false until the agent is in the call; then its state's text ('' when none). */
  const [agent, setAgent] = useState<string | false>(false);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const call = useRef<ActiveCall | null>(null);
  const busy = useRef(false);
  const audio = useRef<HTMLDivElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const name = (text: string) => text.replace('{name}', config.agentName);

  const start = async () => {
    if (busy.current) return;
    busy.current = true;
    setNote(null);
    setAgent(false);
    setPhase('connecting');
    let mic: MediaStreamTrack | null = null;
    try {
      mic = await deps.openMicrophone();
      const token = await deps.fetchToken();
      const startCall = await deps.loadCall(token.transport ?? 'livekit');
      call.current = await startCall({
        // A LiveKit room (its server and join token), or the server's own stream (its URL).
        url: (token.url ?? token.livekit_url)!,
        token: token.token!,
        microphone: mic,
        audioContainer: audio.current!,
        onAgent: setAgent,
        transcript: log.current!,
        onEnded: () => {
          call.current = null;
          busy.current = false;
          setPhase('idle');
          setNote({ text: labels.ended });
        },
      });
      setPhase('call');
    } catch (error) {
      console.warn(
        '[Parley voice] call failed:',
        error instanceof VoiceError ? error.detail : error,
      );
      mic?.stop();
      busy.current = false;
      setPhase('idle');
      setNote({ text: error instanceof VoiceError ? error.message : labels.failed, error: true });
    }
  };
  const end = () => call.current?.end();

  // A layout effect runs during the (synchronous) render, so commands work right after mounting.
  useLayoutEffect(() => {
    controller.start = () => void start();
    controller.end = end;
  });
  useEffect(() => () => call.current?.end(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && note) setNote(null);
  };

  const status =
    phase !== 'call'
      ? note?.text || ''
      : agent === false
        ? name(labels.waiting)
        : agent || name(labels.inCall);
  const isError = phase !== 'call' && note?.error;

  return (
    <div
      className={`root${config.position === 'bottom-left' ? ' left' : ''}${stacked ? ' stacked' : ''}`}
      onKeyDown={onKeyDown}
    >
      <div ref={log} className="log" />
      <div className={status ? `bubble${isError ? ' err' : ''}` : 'sr'} role="status">
        {status && <span>{status}</span>}
        {note && phase !== 'call' && (
          <button
            type="button"
            className="x"
            aria-label={labels.dismiss}
            onClick={() => setNote(null)}
          >
            ×
          </button>
        )}
      </div>
      <button
        type="button"
        className={`call${phase === 'call' ? ' end' : ''}`}
        aria-disabled={phase === 'connecting'}
        onClick={phase === 'call' ? end : () => void start()}
      >
        <MicIcon />
        <span>
          {phase === 'idle' ? labels.talk : phase === 'connecting' ? labels.connecting : labels.end}
        </span>
      </button>
      <div ref={audio} hidden />
    </div>
  );
}
