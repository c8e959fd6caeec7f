import { humanizeMessage } from '@parley/api-client';

/**
 * The browser voice call (agents-and-knowledge §4), as plain logic: Talk to Agent shows
 * 'Connecting...' for at least 3 s, then End Call; End Call or a disconnect ends it; the call
 * also ends when no remote participant is present for 3 s after connecting.
 */
export type CallState = 'idle' | 'connecting' | 'connected';

export const connectingMs = 3000;
export const roomEmptyMs = 3000;

export type CallEvent =
  | { type: 'talk' }
  | { type: 'joined' }
  | { type: 'connectingElapsed' }
  | { type: 'failed'; error: string }
  | { type: 'end' }
  | { type: 'disconnected' }
  | { type: 'roomEmptyElapsed' }
  /** The error banner cleared (after 5000 ms or by the user). */
  | { type: 'dismissError' };

export interface CallModel {
  state: CallState;
  joined: boolean;
  connectingElapsed: boolean;
  error: string | null;
}

export const initialCall: CallModel = {
  state: 'idle',
  joined: false,
  connectingElapsed: false,
  error: null,
};

export function callReducer(model: CallModel, event: CallEvent): CallModel {
  switch (event.type) {
    case 'talk':
      return model.state === 'idle'
        ? { state: 'connecting', joined: false, connectingElapsed: false, error: null }
        : model;
    case 'joined':
      if (model.state !== 'connecting') return model;
      return model.connectingElapsed
        ? { ...model, joined: true, state: 'connected' }
        : { ...model, joined: true };
    case 'connectingElapsed':
      if (model.state !== 'connecting') return model;
      return model.joined
        ? { ...model, connectingElapsed: true, state: 'connected' }
        : { ...model, connectingElapsed: true };
    case 'failed':
      return { ...initialCall, error: event.error };
    case 'dismissError':
      return model.error === null ? model : { ...model, error: null };
    case 'end':
    case 'disconnected':
    case 'roomEmptyElapsed':
      return model.state === 'idle' ? model : { ...initialCall };
  }
}

/** The error text the spec asks for, from the token call's failure. */
export function callErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return humanizeMessage(error.message);
  return 'Failed to connect to agent';
}
