import type { ModelProviderName } from '@parley/api-client';
import type { ResponseFormat, TranscriberProvider, VoiceProvider } from './options';

/** Model panel state (spec §3 "Model config (editor state)"). */
export interface ModelSettings {
  provider: ModelProviderName;
  /** Display name, e.g. 'GPT-4o'. */
  model: string;
  apiKey: string;
  liveUrl: string;
  /**
   * The Live URL the stored (masked) key was saved with: the server sends that key only to this
   * scheme, host and port, so another address needs the key typed again. Absent: no stored key.
   */
  keyAddress?: string;
  /** The agent endpoint (chatbot_api). */
  agentUrl: string;
  /** The agent key (chatbot_key). */
  agentApiKey: string;
  systemPrompt: string;
}

/** Voice panel state (spec §3 "Voice state"). */
export interface VoiceSettings {
  provider: VoiceProvider;
  model: string;
  language: string;
  speed: number;
  apiKey: string;
  voiceId: string;
  /** OpenAI voice name. */
  voice: string;
  stability: number;
  similarityBoost: number;
  responseFormat: ResponseFormat;
}

/** Transcriber panel state (spec §3 "Transcriber state"). */
export interface TranscriberSettings {
  provider: TranscriberProvider;
  model: string;
  /** 'multi' for OpenAI auto-detect (stored as null). */
  language: string;
  apiKey: string;
  punctuate: boolean;
  smartFormat: boolean;
  interimResults: boolean;
}

/** Configurations panel state (spec §3 "Tools state"). */
export interface ToolsSettings {
  initialMessage: string;
  nudgeText: string;
  nudgeInterval: number;
  maxNudges: number;
  typingVolume: number;
  maxCallDuration: number;
}

/** Everything the settings panels edit. */
export interface EditorSettings {
  model: ModelSettings;
  voice: VoiceSettings;
  transcriber: TranscriberSettings;
  tools: ToolsSettings;
  /** Selected knowledge base ids. */
  knowledgeBaseIds: string[];
}

/**
 * Provider defaults the deployment supplies (default keys and voice ids per provider, the
 * default agent URL). A key equal to its provider's default is not "user-configured".
 */
export interface EditorDefaults {
  modelKeys: Partial<Record<ModelProviderName, string>>;
  voiceKeys: Partial<Record<VoiceProvider, string>>;
  voiceIds: Partial<Record<VoiceProvider, string>>;
  transcriberKeys: Partial<Record<TranscriberProvider, string>>;
  /** Spec §9: a default agent URL ending in /v1/chat-messages. */
  agentUrl: string;
}

/** What the key test shows (spec §7, §8). */
export type KeyTestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok' }
  | { status: 'failed'; reason: string };
