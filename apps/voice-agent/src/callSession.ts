import { log, voice, type llm as llmTypes, type VAD } from '@livekit/agents';
import type { Room } from '@livekit/rtc-node';
import type { VoiceCallActions, VoiceWorkerConfig } from '@parley/api-client';
import type { CallToken } from '@parley/api-client/call-token';
import type { SinkAudioOutput } from './audioIo';
import {
  CallBehaviour,
  openingLine,
  systemClock,
  type Clock,
  type EndedBy,
  type UtteranceKind,
} from './callBehaviour';
import type { PocketsphinxOptions } from './local/pocketsphinxStt';
import { ParleyLLM, type RuntimeAnswer } from './parleyLlm';
import { createStt, createTts, offlineVoiceNotice, planStt, planTts } from './providers';
import type { ServerClient } from './serverClient';
import { typingSound, typingSoundSource } from './typingSound';

/** Said when transfer_call cannot reach a phone line (a browser call). */
export const cannotTransferLine =
  'Sorry, I cannot transfer this call from here. Please call us by phone to reach a person.';

export interface CallOptions {
  server: ServerClient;
  /**
   * The call token the server signed for this call (the phone stream's parameters, the room
   * dispatch's metadata): the worker takes the call with it, then reads the call's agent.
   */
  callToken: CallToken;
  vad: VAD;
  /** Why the agent places this call (the phone stream's `purpose`): said after its initial message. */
  purpose?: string | null;
  /** A LiveKit room (browser and widget calls): the session's room I/O. */
  room?: Room;
  /**
   * Custom audio (phone media streams, WebSocket calls, tests) instead of a room; `transcription`
   * receives the agent's words as they are made (the WebSocket transport sends them on).
   */
  io?: {
    input: voice.AudioInput;
    output: SinkAudioOutput;
    transcription?: voice.ParalellTextOutput;
  };
  clock?: Clock;
  /** Extras for the local transcriber (a JSGF grammar for menus and tests). */
  localStt?: Partial<PocketsphinxOptions>;
  /** Hangs up the transport (closes the media stream, deletes the room). */
  hangUp?: () => void | Promise<void>;
  /** How long a tool runs before the caller hears 'One moment, please.' (default 1 s). */
  fillerDelayMs?: number;
  /**
   * The transport's own limit on a call, in seconds (the embedded WebSocket transport: 15
   * minutes): the agent's `max_call_duration` when shorter, else this.
   */
  maxCallSeconds?: number;
  /**
   * Another model instead of the agent's through our runtime: only the voice benchmark's peer
   * (the framework's OpenAI plugin straight at the model, in an otherwise identical call).
   */
  llm?: llmTypes.LLM;
}

export interface Call {
  callId: string;
  config: VoiceWorkerConfig;
  session: voice.AgentSession;
  behaviour: CallBehaviour;
  offlineVoice: boolean;
  /** Resolves when the call is over and logged. */
  ended: Promise<{ endedBy: EndedBy; reason: string }>;
  /** Ends the call (the caller hung up, the transport failed …); the first end wins. */
  end(endedBy: EndedBy, reason: string): Promise<void>;
}

/** The turn's figures the framework reported on the agent's message (seconds → ms). */
export function turnFigures(
  metrics: {
    e2eLatency?: number;
    llmNodeTtft?: number;
    ttsNodeTtfb?: number;
    endOfTurnDelay?: number;
  },
  /**
   * Our own measure of the same span (seconds), from the session's state events: the caller
   * stopped speaking → the agent started speaking. Used when the framework has no figure (it
   * reports one only when its transcriber stamped the end of speech on the caller's message).
   */
  observed?: number,
) {
  if (metrics.e2eLatency === undefined && observed !== undefined && observed >= 0)
    metrics = { ...metrics, e2eLatency: observed };
  if (metrics.e2eLatency === undefined) return null;
  const ms = (s: number | undefined) => (s === undefined ? undefined : Math.round(s * 1000));
  return {
    latency_ms: ms(metrics.e2eLatency)!,
    llm_ttft_ms: ms(metrics.llmNodeTtft),
    tts_ttfb_ms: ms(metrics.ttsNodeTtfb),
    end_of_turn_delay_ms: ms(metrics.endOfTurnDelay),
  };
}

/** The agent's call limit (seconds, 0 = none) under a transport's own limit (0 or none: no cap). */
export function cappedDuration(agentLimit: number, cap?: number): number {
  if (!cap || cap <= 0) return agentLimit;
  return agentLimit > 0 ? Math.min(agentLimit, cap) : cap;
}

/**
 * One call: takes the call with its token (the server opens or hands over its call log), reads
 * the call's agent configuration, builds the AgentSession (Silero
 * VAD, the agent's transcriber, the agent's model through our runtime, the agent's voice) on a
 * room or on custom audio, and runs the call behaviour. Phone and browser calls share this code.
 */
export async function startCall(options: CallOptions): Promise<Call> {
  const { server, callToken } = options;
  const logger = log().child({ agent: callToken.agent_id, transport: callToken.transport });
  const callId = await server.claimCall(callToken);
  let config: VoiceWorkerConfig;
  try {
    config = await server.callAgent(callId);
  } catch (err) {
    // The call was taken but cannot be answered (its agent is gone): it ends at once, logged.
    await server
      .endCall(callId, 'error', String((err as Error).message ?? err))
      .catch(() => undefined);
    throw err;
  }
  const ttsPlan = planTts(config.tts_config, config.tts_api_key);
  const sttPlan = planStt(config.stt_config, config.stt_api_key);
  const fallbacks = [ttsPlan, sttPlan].flatMap((p) =>
    p.plugin === 'local' && p.fallback ? [p.fallback] : [],
  );
  const offlineVoice = fallbacks.length > 0;
  if (offlineVoice) {
    logger.warn({ fallbacks }, 'offline voice');
    await server.offlineVoice(callId);
  }

  // Runtime answers and the framework's figures for them arrive in either order: pair them up.
  const answers: RuntimeAnswer[] = [];
  const figuresQueue: NonNullable<ReturnType<typeof turnFigures>>[] = [];
  const pair = () => {
    while (answers.length && figuresQueue.length) {
      const answer = answers.shift()!;
      const figures = figuresQueue.shift()!;
      // A member holds the call: the notice is no agent answer, its message is the caller's words.
      // The consent step's line is no answer either (nothing is stored for it).
      if (!answer.held && !answer.consent)
        track(server.turnFigures(callId, answer.messageId, figures));
    }
  };
  const spoken: string[] = [];
  // What the last answer asked of the call (end_call, transfer_call): done once it is spoken.
  let pendingActions: VoiceCallActions | undefined;
  let openingAfterConsent = false;
  const llm = new ParleyLLM(
    server,
    () => callId,
    (answer) => {
      answers.push(answer);
      pair();
      if (answer.actions) pendingActions = answer.actions;
      // The caller answered the consent question: the initial message once the line is spoken.
      if (answer.consent === 'given' || answer.consent === 'refused') openingAfterConsent = true;
    },
    options.fillerDelayMs,
  );
  const session = new voice.AgentSession({
    vad: options.vad,
    stt: createStt(sttPlan, options.localStt),
    llm: options.llm ?? llm,
    tts: createTts(ttsPlan),
    turnHandling: {
      turnDetection: 'vad',
      // Our runtime persists every turn: never ask it for a reply the caller may not finish.
      preemptiveGeneration: { enabled: false },
      interruption: { mode: 'vad' },
    },
    userAwayTimeout: null,
  });

  let resolveEnded!: (value: { endedBy: EndedBy; reason: string }) => void;
  const ended = new Promise<{ endedBy: EndedBy; reason: string }>((r) => (resolveEnded = r));
  let ending = false;
  const tasks = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const t = p.catch((err: unknown) => logger.error({ err }, 'call log update failed'));
    tasks.add(t);
    void t.finally(() => tasks.delete(t));
  };

  const say = async (text: string, kind: UtteranceKind) => {
    if (ending && kind !== 'goodbye') return;
    spoken.push(text);
    track(server.addUtterance(callId, text, kind));
    try {
      await session.say(text, { allowInterruptions: kind !== 'goodbye' }).waitForPlayout();
    } catch (err) {
      logger.warn({ err }, 'could not say a line');
    }
  };

  const behaviour = new CallBehaviour(
    {
      initialMessage: openingLine(config.initial_message, options.purpose),
      nudgeText: config.nudge_text,
      nudgeInterval: config.nudge_interval,
      maxNudges: config.max_nudges,
      maxCallDuration: cappedDuration(config.max_call_duration, options.maxCallSeconds),
      disclosure: config.disclosure,
      askConsent: config.transcription_consent,
    },
    {
      say,
      end: (endedBy, reason) => void end(endedBy, reason),
    },
    options.clock ?? systemClock,
  );

  async function end(endedBy: EndedBy, reason: string) {
    if (ending) return ended;
    ending = true;
    behaviour.stop();
    options.io?.output.stopThinking();
    track(server.endCall(callId, endedBy, reason));
    try {
      await session.close();
    } catch (err) {
      logger.warn({ err }, 'session close failed');
    }
    await Promise.allSettled([...tasks]);
    try {
      await options.hangUp?.();
    } catch (err) {
      logger.warn({ err }, 'hang-up failed');
    }
    resolveEnded({ endedBy, reason });
    return ended;
  }

  /**
   * The answer that asked for it has been spoken: transfer the call through the telephony
   * provider (then the call ends here), or end it. A call that cannot be transferred (a browser
   * call) goes on, and the caller hears why.
   */
  async function performActions(actions: VoiceCallActions) {
    if (actions.transfer_call) {
      const { number } = actions.transfer_call;
      try {
        await server.transferCall(callId, number);
        await end('agent', `transferred to ${number}`);
        return;
      } catch (err) {
        logger.warn({ err }, 'transfer failed');
        if (!actions.end_call) {
          await say(cannotTransferLine, 'notice');
          return;
        }
      }
    }
    if (actions.end_call) await end('agent', actions.end_call.reason ?? 'the agent ended the call');
  }

  // When the caller last stopped speaking and when the agent then started (for turnFigures).
  let callerStoppedAt: number | undefined;
  let agentStartedAt: number | undefined;
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (ev) => {
    behaviour.setCallerSpeaking(ev.newState === 'speaking');
    // A caller turn is coming (and, at the end of speech, about to be answered): the connection
    // its runtime request takes is opened now, not on the turn's critical path.
    if (ev.newState === 'speaking' || ev.oldState === 'speaking') server.warm();
    if (ev.oldState === 'speaking' && ev.newState !== 'speaking') {
      callerStoppedAt = Date.now();
      agentStartedAt = undefined;
    }
  });
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (ev) => {
    if (ev.newState === 'speaking' && callerStoppedAt !== undefined && agentStartedAt === undefined)
      agentStartedAt = Date.now();
    behaviour.setAgentState(ev.newState);
    if (!options.io) return;
    if (ev.newState === 'thinking' && config.typing_volume > 0)
      options.io.output.startThinking(typingSound(config.typing_volume));
    else options.io.output.stopThinking();
  });
  // The caller's final words of the turn so far, joined as the framework joins them for the
  // turn's message: sent ahead to our runtime while the framework waits for the end of the turn.
  let callerWords = '';
  session.on(voice.AgentSessionEventTypes.UserInputTranscribed, (ev) => {
    if (!ev.isFinal || !ev.transcript) return;
    callerWords = `${callerWords} ${ev.transcript}`.trimStart();
    if (!options.llm && callerWords.trim()) server.prepare(callId, callerWords.trim());
  });
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, (ev) => {
    const item = ev.item;
    if (item.type === 'message' && item.role === 'user') callerWords = '';
    if (item.type !== 'message' || item.role !== 'assistant') return;
    const text = (item.textContent ?? '').trim();
    const observed =
      callerStoppedAt !== undefined && agentStartedAt !== undefined
        ? (agentStartedAt - callerStoppedAt) / 1000
        : undefined;
    callerStoppedAt = undefined;
    agentStartedAt = undefined;
    // Lines of the call behaviour (initial message, nudges, goodbye) are not answers.
    const said = spoken.findIndex((s) => s.trim() === text);
    if (said >= 0) {
      spoken.splice(said, 1);
      return;
    }
    const figures = turnFigures(item.metrics ?? {}, observed);
    if (figures) {
      figuresQueue.push(figures);
      pair();
    }
    if (openingAfterConsent) {
      openingAfterConsent = false;
      void behaviour.consentAnswered();
    }
    // The answer is spoken (this item is added after its playout): now its call actions.
    if (pendingActions) {
      const actions = pendingActions;
      pendingActions = undefined;
      void performActions(actions);
    }
  });
  session.on(voice.AgentSessionEventTypes.Error, (ev) => {
    logger.error({ err: ev.error }, 'session error');
  });
  session.on(voice.AgentSessionEventTypes.Close, (ev) => {
    const byCaller = ev.reason === voice.CloseReason.PARTICIPANT_DISCONNECTED;
    if (ev.error)
      void end('error', String((ev.error as { error?: Error }).error?.message ?? ev.reason));
    else void end(byCaller ? 'caller' : 'agent', byCaller ? 'caller hung up' : String(ev.reason));
  });

  if (options.io) {
    session.input.audio = options.io.input;
    session.output.audio = options.io.output;
    if (options.io.transcription) session.output.transcription = options.io.transcription;
  }
  await session.start({
    agent: new voice.Agent({ instructions: `You are ${config.name}, answering a call.` }),
    room: options.room,
    record: false,
  });
  if (options.room && config.typing_volume > 0) {
    const player = new voice.BackgroundAudioPlayer({
      thinkingSound: { source: typingSoundSource(), volume: config.typing_volume },
    });
    void player
      .start({ room: options.room, agentSession: session })
      .catch((err: unknown) => logger.warn({ err }, 'thinking sound unavailable'));
  }
  void behaviour.start(offlineVoice ? offlineVoiceNotice : undefined);

  return {
    callId,
    config,
    session,
    behaviour,
    offlineVoice,
    ended,
    end: async (endedBy, reason) => {
      await end(endedBy, reason);
    },
  };
}
