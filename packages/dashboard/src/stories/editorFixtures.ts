import { editorAgent } from './editorHandlers';
import { defaultAgentUrl, emptyDefaults, settingsFromConfig } from '../agents/editor/editorState';
import type { KnowledgeItem } from '../agents/editor/useAgentSettings';
import type { EditorDefaults } from '../agents/editor/types';
import type { IntegrationVoice } from '@parley/api-client';

/** Story-only fixtures for the editor views (built from the contract-typed agent fixture). */
export const storyDefaults: EditorDefaults = {
  ...emptyDefaults,
  agentUrl: defaultAgentUrl('http://localhost:3000'),
  modelKeys: { OpenAI: 'sk-default-openai-0000', Anthropic: 'sk-ant-default-0000' },
  voiceKeys: {
    openai: 'sk-voice-default-0000',
    elevenlabs: 'el-default-key-2222',
    cartesian: 'ca-default-key-3333',
  },
  voiceIds: { elevenlabs: 'EXAVITQu4vr4xnSDxMaL', cartesian: 'a0e99841-438c-4a64-b679' },
  transcriberKeys: { deepgram: 'dg-default-key-1111', openai: 'sk-stt-default-4444' },
};

export const storySettings = settingsFromConfig(editorAgent, storyDefaults);

export const storyKnowledge: KnowledgeItem[] = [
  { id: 'kb_docs', name: 'Product documentation', badge: 'HQ • VECTOR', deleted: false },
  { id: 'kb_faq', name: 'Clinic FAQ', badge: 'ECONOMY', deleted: false },
];
export const storyKnowledgeWithDeleted: KnowledgeItem[] = [
  ...storyKnowledge,
  { id: 'kb_removed', name: 'kb_removed', badge: 'DELETED', deleted: true },
];

/** Two voices of an ElevenLabs account, as the integration's voice list gives them. */
export const storyVoices: IntegrationVoice[] = [
  {
    id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    language: null,
    description: 'american, female',
    preview_url: null,
  },
  {
    id: 'AZnzlk1XvdvUeBnXmlld',
    name: 'Domi',
    language: 'en',
    description: null,
    preview_url: null,
  },
];
