import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VAD } from '@livekit/agents';
import { mulaw } from '../src/phone/mulaw';
import { WebSocket } from 'ws';
import {
  PHONE_SAMPLE_RATE,
  PHONE_STREAM_PATH,
  startPhoneStreamServer,
} from '../src/phone/twilioMediaStream';
import * as silero from '@livekit/agents-plugin-silero';
import { PushAudioInput, SinkAudioOutput } from '../src/audioIo';
import { startCall } from '../src/callSession';
import { ServerClient } from '../src/serverClient';
import type { TestServer, TestUser } from '../../server/test/harness';
import {
  startFakeToolModel,
  toolResultsOf,
  type FakeToolModel,
} from '../../server/test/fakeToolModel';
import {
  CollectingSink,
  answeredPhoneCall,
  callerGrammar,
  callerSpeech,
  dispatchedCall,
  serverWithAgent,
  toolAgent,
  until,
  workerSecret,
} from './fixtures';

describe('calls end to end on local audio (no LiveKit server)', () => {
  let server: TestServer;
  let user: TestUser;
  let agentName: string;
  let orgId: string;
  let vad: VAD;
  let model: FakeToolModel;
  beforeAll(async () => {
    model = await startFakeToolModel();
    // The fake model calls whichever call tool the agent offers, then says goodbye.
    model.decide = (body) => {
      const offered = body.tools?.map((t) => t.function.name) ?? [];
      if (toolResultsOf(body).length === 0) {
        if (offered.includes('hang_up'))
          return { toolCalls: [{ name: 'hang_up', arguments: { reason: 'caller said goodbye' } }] };
        if (offered.includes('to_reception'))
          return { toolCalls: [{ name: 'to_reception', arguments: { reason: 'wants a person' } }] };
      }
      return { text: 'Goodbye, have a nice day.' };
    };
    ({ server, user, agentName, orgId } = await serverWithAgent(
      { typing_volume: 0 },
      { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' },
    ));
    vad = await silero.VAD.load();
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('caller speech → local STT → our runtime with the knowledge base → agent audio; the call log holds both turns', async () => {
    const input = new PushAudioInput();
    const sink = new CollectingSink(24000);
    const client = new ServerClient({ baseUrl: server.url, secret: workerSecret });
    const prepared = vi.spyOn(client, 'prepare');
    // The call the server offered the worker in the room's dispatch (its signed call token).
    const dispatched = await dispatchedCall(user, agentName);
    const call = await startCall({
      server: client,
      callToken: dispatched.callToken,
      vad,
      io: { input, output: new SinkAudioOutput(sink) },
      localStt: { jsgf: callerGrammar },
    });
    expect(call.offlineVoice).toBe(false);

    // The initial message is said first.
    await until('the initial message', () => sink.seconds.length >= 1);
    expect(sink.seconds[0]).toBeGreaterThan(0.3);

    for (const frame of await callerSpeech('what are your opening hours')) input.push(frame);

    const detail = await until(
      'the answer in the call log',
      async () => {
        const d = await user.voice.call(call.callId);
        const answer = d.transcript.find((t) => t.kind === 'answer');
        return answer && sink.seconds.length >= 2 && d;
      },
      80_000,
    );
    // Audio of the answer came back.
    expect(sink.seconds.slice(1).reduce((a, b) => a + b, 0)).toBeGreaterThan(1);

    // The caller listens to the whole answer: the framework reports its turn figure (end of speech
    // → first audio) once the answer has played out, and it lands on the answer in the call log.
    await until(
      'the turn latency',
      async () => {
        const d = await user.voice.call(call.callId);
        return typeof d.transcript.find((t) => t.kind === 'answer')?.latency_ms === 'number';
      },
      60_000,
    );

    await call.end('caller', 'test caller hung up');
    await call.ended;
    await input.close();

    const final = await user.voice.call(call.callId);
    expect(final.transcript.map((t) => [t.speaker, t.kind])).toEqual([
      ['agent', 'initial_message'],
      ['caller', null],
      ['agent', 'answer'],
    ]);
    expect(final.transcript[1]!.text).toBe('what are your opening hours');
    // The caller's words went ahead to the runtime as soon as they were final, as the turn asked.
    expect(prepared).toHaveBeenCalledWith(call.callId, 'what are your opening hours');
    expect(final.transcript[2]!.text).toContain('Monday to Friday');
    expect(final.transcript[2]!.offline).toBe(true);
    expect(final).toMatchObject({
      ended_by: 'caller',
      end_reason: 'test caller hung up',
      transport: 'livekit',
    });
    expect(detail.transcript[2]!.text).toBe(final.transcript[2]!.text);
  });

  it('the same through the phone: a fake Twilio client streams μ-law audio and gets media and mark frames back', async () => {
    const client = new ServerClient({ baseUrl: server.url, secret: workerSecret });
    const phone = await startPhoneStreamServer({
      port: 0,
      host: '127.0.0.1',
      secret: workerSecret,
      onCall: (info, io, hangUp) =>
        startCall({
          server: client,
          callToken: info.callToken,
          vad,
          io,
          hangUp,
          localStt: { jsgf: callerGrammar },
        }),
    });
    try {
      const url = `ws://127.0.0.1:${phone.port}${PHONE_STREAM_PATH}`;
      // The server answered a call to the agent's number: TwiML with the phone stream token.
      const answered = await answeredPhoneCall(user, orgId, agentName);
      const callSid = answered.parameters.call_sid!;
      const start = (streamSid: string, customParameters: Record<string, string>) =>
        JSON.stringify({
          event: 'start',
          streamSid,
          start: {
            streamSid,
            callSid,
            mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
            customParameters,
          },
        });
      /** A stream whose start is refused: closed with this code, and never a call. */
      async function refusedStream(customParameters: Record<string, string>) {
        const ws = new WebSocket(url);
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
        ws.send(start('MZrefused', customParameters));
        return new Promise<number>((r) => ws.once('close', (c: number) => r(c)));
      }

      // A stream whose token does not verify (a field changed: another caller) is refused
      // (policy violation) and never becomes a call.
      expect(await refusedStream({ ...answered.parameters, from: '+15550009999' })).toBe(1008);

      const twilio = new WebSocket(url);
      const received: Array<{
        event: string;
        media?: { payload: string };
        mark?: { name: string };
      }> = [];
      let closed = false;
      twilio.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as (typeof received)[number];
        received.push(msg);
        // Twilio sends a mark back once the audio before it has played.
        if (msg.event === 'mark')
          twilio.send(JSON.stringify({ event: 'mark', streamSid: 'MZ1', mark: msg.mark }));
      });
      twilio.on('close', () => (closed = true));
      // Every media frame back is 8 kHz μ-law: one byte per sample.
      const mediaSeconds = () =>
        received
          .filter((m) => m.event === 'media')
          .reduce((n, m) => n + Buffer.from(m.media!.payload, 'base64').length, 0) /
        PHONE_SAMPLE_RATE;
      await new Promise((r) => twilio.once('open', r));
      twilio.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      twilio.send(start('MZ1', answered.parameters));
      await until('the initial message as media and a mark', () =>
        received.some((m) => m.event === 'mark'),
      );
      expect(mediaSeconds()).toBeGreaterThan(0.3);

      for (const frame of await callerSpeech('what are your opening hours', PHONE_SAMPLE_RATE)) {
        const payload = Buffer.from(mulaw.encode(frame.data)).toString('base64');
        twilio.send(
          JSON.stringify({
            event: 'media',
            streamSid: 'MZ1',
            media: { track: 'inbound', payload },
          }),
        );
      }
      const calls = await until('the phone call in the log', async () => {
        const list = await user.voice.callsForAgent(agentName);
        return list.find((c) => c.transport === 'phone');
      });
      await until(
        'the answer and its mark',
        async () =>
          received.filter((m) => m.event === 'mark').length >= 2 &&
          (await user.voice.call(calls.conversation_id)).transcript.some(
            (t) => t.kind === 'answer',
          ),
        80_000,
      );
      expect(mediaSeconds()).toBeGreaterThan(1.5);

      twilio.send(JSON.stringify({ event: 'stop', streamSid: 'MZ1', stop: { callSid } }));
      await until('the stream to close', () => closed);
      const detail = await until('the call to end', async () => {
        const d = await user.voice.call(calls.conversation_id);
        return d.ended_at ? d : undefined;
      });
      expect(detail).toMatchObject({
        conversation_id: answered.callId,
        transport: 'phone',
        from: '+15550001111',
        to: answered.to,
        ended_by: 'caller',
      });
      expect(detail.transcript.map((t) => t.speaker)).toEqual(['agent', 'caller', 'agent']);
      expect(detail.transcript[1]!.text).toBe('what are your opening hours');
      // The token is used once: the same stream again (a replay) is closed and opens no call.
      const replay = new WebSocket(url);
      await new Promise((r) => replay.once('open', r));
      replay.send(start('MZreplay', answered.parameters));
      await new Promise((r) => replay.once('close', r));
      expect(
        (await user.voice.callsForAgent(agentName)).filter((c) => c.transport === 'phone'),
      ).toHaveLength(1);
    } finally {
      await phone.close();
    }
  });

  it('end_call: the agent says goodbye, then the call ends (the framework hears the whole goodbye first)', async () => {
    const desk = await toolAgent(user, orgId, model.url, [
      { name: 'hang_up', type: 'end_call', description: 'End the call when the caller is done' },
    ]);
    const input = new PushAudioInput();
    const sink = new CollectingSink(24000);
    const call = await startCall({
      server: new ServerClient({ baseUrl: server.url, secret: workerSecret }),
      callToken: (await dispatchedCall(user, desk)).callToken,
      vad,
      io: { input, output: new SinkAudioOutput(sink) },
      localStt: { jsgf: callerGrammar },
    });
    await until('the initial message', () => sink.seconds.length >= 1);
    for (const frame of await callerSpeech('what are your opening hours')) input.push(frame);
    // Nobody hangs up here: the agent's tool ends the call.
    const ended = await call.ended;
    await input.close();
    expect(ended).toEqual({ endedBy: 'agent', reason: 'caller said goodbye' });
    // The goodbye was played out (a whole segment after the initial message) before the end.
    expect(sink.seconds.length).toBeGreaterThanOrEqual(2);
    expect(sink.seconds[1]).toBeGreaterThan(0.5);
    const log = await user.voice.call(call.callId);
    expect(log).toMatchObject({ ended_by: 'agent', end_reason: 'caller said goodbye' });
    expect(log.transcript.map((t) => [t.speaker, t.text])).toEqual([
      ['agent', 'Welcome to the clinic.'],
      ['caller', 'what are your opening hours'],
      ['agent', 'Goodbye, have a nice day.'],
    ]);
  });

  it('transfer_call on the phone: the call is transferred through the telephony provider after the answer', async () => {
    const desk = await toolAgent(user, orgId, model.url, [
      {
        name: 'to_reception',
        type: 'transfer_call',
        description: 'Transfer to the reception',
        number: '+15550002222',
      },
    ]);
    const client = new ServerClient({ baseUrl: server.url, secret: workerSecret });
    const phone = await startPhoneStreamServer({
      port: 0,
      host: '127.0.0.1',
      secret: workerSecret,
      onCall: (info, io, hangUp) =>
        startCall({
          server: client,
          callToken: info.callToken,
          vad,
          io,
          hangUp,
          localStt: { jsgf: callerGrammar },
        }),
    });
    try {
      const answered = await answeredPhoneCall(user, orgId, desk, '+15550003333');
      const twilio = new WebSocket(`ws://127.0.0.1:${phone.port}${PHONE_STREAM_PATH}`);
      const marks: string[] = [];
      let closed = false;
      twilio.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { event: string; mark?: { name: string } };
        if (msg.event !== 'mark') return;
        marks.push(msg.mark!.name);
        twilio.send(JSON.stringify({ event: 'mark', streamSid: 'MZ2', mark: msg.mark }));
      });
      twilio.on('close', () => (closed = true));
      await new Promise((r) => twilio.once('open', r));
      twilio.send(
        JSON.stringify({
          event: 'start',
          streamSid: 'MZ2',
          start: {
            streamSid: 'MZ2',
            callSid: answered.parameters.call_sid,
            mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
            customParameters: answered.parameters,
          },
        }),
      );
      await until('the initial message', () => marks.length >= 1);
      for (const frame of await callerSpeech('what are your opening hours', PHONE_SAMPLE_RATE))
        twilio.send(
          JSON.stringify({
            event: 'media',
            streamSid: 'MZ2',
            media: { payload: Buffer.from(mulaw.encode(frame.data)).toString('base64') },
          }),
        );
      // The worker hangs up its side of the stream once the call is transferred.
      await until('the stream to close', () => closed, 80_000);
      expect(marks.length).toBeGreaterThanOrEqual(2);
      const log = await user.voice.call(answered.callId);
      expect(log).toMatchObject({ ended_by: 'agent', end_reason: 'transferred to +15550002222' });
      expect(log.transcript.at(-1)).toMatchObject({
        speaker: 'agent',
        text: 'Goodbye, have a nice day.',
      });
      // The sandbox provider recorded the transfer of this call's leg to the number.
      const outbox = await user.voice.outbox(orgId);
      expect(outbox).toContainEqual(
        expect.objectContaining({
          kind: 'call',
          from_number: answered.to,
          to_number: '+15550002222',
          body: `Transfer of call ${answered.parameters.call_sid}`,
        }),
      );
    } finally {
      await phone.close();
    }
  });
});
