import twilio from 'twilio';

/**
 * Connects the call's media stream to the voice worker's phone transport; the worker reads the
 * parameters (the phone stream token's fields) from the stream's `start.customParameters`.
 */
export function streamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const response = new twilio.twiml.VoiceResponse();
  const stream = response.connect().stream({ url: streamUrl });
  for (const [name, value] of Object.entries(parameters)) stream.parameter({ name, value });
  return response.toString();
}

export const unassignedMessage =
  'Sorry, this number is not connected to an agent yet. Please try again later. Goodbye.';
export const notConfiguredMessage =
  'Sorry, this agent cannot take phone calls yet. Please try again later. Goodbye.';

/** A short spoken message, then hang up (no agent is charged). */
export function sayTwiml(message: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(message);
  response.hangup();
  return response.toString();
}

/** An empty messaging answer (replies, if any, are sent through the API). */
export function emptyMessagingTwiml(): string {
  return new twilio.twiml.MessagingResponse().toString();
}

/**
 * A live call redirected to another number (transfer_call), from the number that was called; with
 * `whisperUrl`, the TwiML there is played to the person called before the caller is bridged.
 */
export function dialTwiml(to: string, from: string, whisperUrl?: string | null): string {
  const response = new twilio.twiml.VoiceResponse();
  if (!whisperUrl) {
    response.dial(from ? { callerId: from } : {}, to);
    return response.toString();
  }
  response.dial(from ? { callerId: from } : {}).number({ url: whisperUrl, method: 'POST' }, to);
  return response.toString();
}

/** Said to the person a call is put through to, before the caller is bridged (a whisper). */
export function whisperTwiml(message: string | null): string {
  const response = new twilio.twiml.VoiceResponse();
  if (message) response.say(message);
  return response.toString();
}
