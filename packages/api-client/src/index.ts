// @parley/api-client — the contract between the console, the widgets and the server.
export * from './errors';
export { createHttp, joinUrl, type FetchLike, type HttpOptions } from './http';
export * from './schemas/common';
export * from './schemas/org';
export * from './schemas/agents';
export * from './schemas/app';
export * from './schemas/model';
export * from './schemas/knowledge';
export * from './schemas/voice';
export * from './schemas/messaging';
export * from './clients/agentService';
export * from './clients/appService';
export * from './clients/org';
export * from './clients/auth';
export * from './clients/model';
export * from './clients/knowledge';
export * from './clients/voiceBackend';
export * from './clients/messaging';
