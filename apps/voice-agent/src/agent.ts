import { defineAgent, log, type JobContext, type JobProcess, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { startCall } from './callSession';
import { ServerClient } from './serverClient';
import { readSettings } from './settings';

/** The agent a dispatched room is for: the dispatch metadata, else the room name `parley-{agent}-{suffix}`. */
export function agentNameOfJob(metadata: string | undefined, roomName: string | undefined): string {
  try {
    const parsed = JSON.parse(metadata || '{}') as { agent_name?: unknown };
    if (typeof parsed.agent_name === 'string' && parsed.agent_name) return parsed.agent_name;
  } catch {
    /* not JSON */
  }
  const match = /^parley-(.+)-[0-9a-f]{8}$/.exec(roomName ?? '');
  if (match) return match[1]!;
  throw new Error('the job names no agent (dispatch metadata agent_name)');
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
    const agentName = agentNameOfJob(ctx.job.metadata, ctx.room.name);
    const participant = await ctx.waitForParticipant();
    const call = await startCall({
      server: new ServerClient({ baseUrl: settings.serverUrl, secret: settings.workerSecret }),
      agentName,
      caller: { identity: participant.identity, transport: 'livekit', room: ctx.room.name },
      vad: ctx.proc.userData.vad as VAD,
      room: ctx.room,
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
