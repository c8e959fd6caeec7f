/** The phone stream token lives with the voice feature (the worker imports the same module). */
export { phoneStreamToken } from '../voice/phoneStreamToken';

/** Default address of the voice worker's phone transport (Twilio Media Streams). */
export const defaultPhoneStreamUrl = 'ws://localhost:8790/phone/stream';
