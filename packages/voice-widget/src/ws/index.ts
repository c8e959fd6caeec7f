// @parley/voice-widget/ws-call — a browser voice call over the server's own WebSocket stream
// (no LiveKit): the console's Talk to Agent and the widget's voice-ws.js use it.
export { startWsCall, connectFailed, type WsCall, type WsCallOptions } from './wsCall';
export { applyTranscript, type StreamLine } from './streamTranscript';
export { Playback, startCapture, STREAM_RATE } from './audio';
