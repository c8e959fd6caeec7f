import type { VoiceWidgetConfig } from './config';
import { tokenUrl } from './voiceUrl';

/**
 * The voice token answer (spec §3: token, livekit_url, room_name, agent_name, participant_*), or
 * without LiveKit the server's own stream (`transport: 'websocket'`, `url`).
 */
export interface VoiceToken {
  transport?: 'livekit' | 'websocket';
  token?: string;
  livekit_url?: string;
  url?: string;
  expires_at?: string;
  room_name?: string;
  agent_name?: string;
  participant_identity?: string;
  participant_name?: string;
}

/** A failure whose message is meant for the visitor. */
export class VoiceError extends Error {
  override name = 'VoiceError';
  constructor(
    message: string,
    /** The technical detail for the site owner (logged to the console, never shown). */
    readonly detail = message,
  ) {
    super(message);
  }
}

/** What a visitor is told when a call cannot start (never the server's set-up instructions). */
export interface VoiceFailureTexts {
  failed: string;
  /** The agent's Allowed Origins refuse this site (403). */
  notAllowed?: string;
}

const isOriginRefusal = (status: number, body: unknown) =>
  status === 403 && /origin_not_allowed|not allowed to use this agent/i.test(JSON.stringify(body));

/**
 * The visitor's text for a failed token call: the site refused, voice unavailable, or a short
 * generic line. The server's own detail (which may name LiveKit settings) stays in `detail`.
 */
export function visitorVoiceError(status: number | null, body: unknown, t: VoiceFailureTexts) {
  const detail = voiceErrorMessage(status, body, t.failed);
  if (detail === null) return null;
  if (status !== null && isOriginRefusal(status, body))
    return new VoiceError(t.notAllowed ?? t.failed, detail);
  return new VoiceError(t.failed, detail);
}

export const invalidTokenResponse = 'Invalid response: missing token or livekit_url';

/**
 * The spec's voice error text (§8): 'Invalid response: missing token or livekit_url' for an OK
 * answer without them (or, a WebSocket answer, without its url); otherwise the server's `detail` or `message`, else 'HTTP {status}'; with
 * no answer at all (network, CORS), 'Failed to connect to agent'. Null when the answer is usable.
 */
export function voiceErrorMessage(
  status: number | null,
  body: unknown,
  failed = 'Failed to connect to agent',
): string | null {
  if (status === null) return failed;
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (status >= 200 && status < 300)
    return (b.transport == 'websocket' ? b.url : b.token && b.livekit_url)
      ? null
      : invalidTokenResponse;
  for (const field of [b.detail, b.message]) if (typeof field === 'string' && field) return field;
  return `HTTP ${status}`;
}

/** POST {voice backend}/tokens/generate?agent_name=… with the agent key as bearer token. */
export async function fetchVoiceToken(
  config: Pick<VoiceWidgetConfig, 'voiceUrl' | 'agentId' | 'agentKey'>,
  texts: string | VoiceFailureTexts = 'Failed to connect to agent',
): Promise<VoiceToken> {
  const t = typeof texts === 'string' ? { failed: texts } : texts;
  let res: Response;
  try {
    res = await fetch(tokenUrl(config.voiceUrl, config.agentId), {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.agentKey}` },
    });
  } catch {
    throw visitorVoiceError(null, null, t)!;
  }
  const body: unknown = await res.json().catch(() => null);
  const error = visitorVoiceError(res.status, body, t);
  if (error) throw error;
  return body as VoiceToken;
}

/** Asks for the microphone before anything else, so a refusal costs no room. */
export async function openMicrophone(denied: string, missing: string): Promise<MediaStreamTrack> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new VoiceError(missing);
  try {
    const stream = await devices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    const track = stream.getAudioTracks()[0];
    if (!track) throw new VoiceError(missing);
    return track;
  } catch (error) {
    if (error instanceof VoiceError) throw error;
    const name = (error as { name?: string } | null)?.name;
    throw new VoiceError(
      name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError'
        ? missing
        : denied,
    );
  }
}
