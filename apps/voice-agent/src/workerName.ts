/**
 * The name the worker registers under: the server's token endpoint dispatches it
 * (apps/server/src/voice/tokenRoutes.ts `voiceWorkerName`; a test keeps the two equal).
 */
export const voiceWorkerName = 'parley-voice-agent';
