import { defineAgent, log, type JobContext, type JobProcess, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { callTokenReasons, verifyCallToken, type CallToken } from '@parley/api-client/call-token';
import { startCall } from './callSession';
import { ServerClient } from './serverClient';
import { readSettings } from './settings';

/**
 * The call token of a dispatched room (the dispatch metadata's `call_token`, signed by the server
 * when it issued the caller's LiveKit token): checked here (signature, expiry, this room), and
 * redeemed with the server when the call starts. A job without a valid one is refused.
 */
export function callTokenOfJob(
  metadata: string | undefined,
  roomName: string | undefined,
  secret: string,
  now: number = Date.now(),
): CallToken {
  let value: unknown;
  try {
    value = (JSON.parse(metadata || '{}') as { call_token?: unknown }).call_token;
  } catch {
    /* not JSON */
  }
  if (!value) throw new Error('the job carries no call token (dispatch metadata call_token)');
  const verdict = verifyCallToken(secret, value, now);
  if (!verdict.ok) throw new Error(`the job's call token ${callTokenReasons[verdict.reason]}`);
  if (verdict.claims.transport !== 'livekit' || verdict.claims.room !== roomName)
    throw new Error("the job's call token is for another room");
  return verdict.claims;
}

/**
 * The LiveKit job (a browser or widget call): one AgentSession in the dispatched room,
 * through the same call code as phone calls.
 */
export default defineAgent({
  prewarm: async (proc: JobProcess) => {
    proc.userData.vad = await silero.VAD.load();
  },
  entry: async (ctx: JobContext) => {
    const settings = readSettings();
    await ctx.connect();
    const callToken = callTokenOfJob(ctx.job.metadata, ctx.room.name, settings.workerSecret);
    const participant = await ctx.waitForParticipant();
    if (callToken.caller && participant.identity !== callToken.caller)
      log().warn({ identity: participant.identity }, 'another participant than the token names');
    const call = await startCall({
      server: new ServerClient({ baseUrl: settings.serverUrl, secret: settings.workerSecret }),
      callToken,
      vad: ctx.proc.userData.vad as VAD,
      room: ctx.room,
      localStt: settings.localSttJsgf ? { jsgf: settings.localSttJsgf } : undefined,
      hangUp: async () => {
        await ctx.deleteRoom().catch((err: unknown) => log().warn({ err }, 'room not deleted'));
        ctx.shutdown('call ended');
      },
    });
    ctx.addShutdownCallback(async () => {
      await call.end('caller', 'the room closed');
    });
  },
});
