import { delay, http, HttpResponse } from 'msw';
import {
  agentUpdateRequestSchema,
  agentUpdateResponseSchema,
  defaultSttConfig,
  defaultSystemPrompt,
  getAppByKeyResponseSchema,
  modelConfigRequestSchema,
  modelConfigResponseSchema,
  promptConfigRequestSchema,
  promptConfigResponseSchema,
  publishAgentRequestSchema,
  publishAgentResponseSchema,
  toolsDefaults,
  type AgentConfig,
  type KnowledgeBase,
} from '@parley/api-client';

/** Agent editor fixtures, typed by the contract. */
export const editorAppId = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const editorAgentId = 'support_123e4567_e89b_12d3_a456_426614174000';

export const editorAgent: AgentConfig = {
  id: editorAgentId,
  agent_name: editorAgentId,
  name: 'support',
  status: 'active',
  organization_id: 'org_1',
  chatbot_api: 'http://localhost:3000/v1',
  chatbot_key: 'app-AbCdEfGhIjKlMnOpQrStUvWx',
  app_id: editorAppId,
  tts_config: {
    provider: 'openai',
    openai: {
      model: 'tts-1',
      voice: 'alloy',
      response_format: 'mp3',
      speed: 1,
      language: 'en',
      api_key: 'sk-voice-default-0000',
    },
  },
  stt_config: {
    provider: 'deepgram',
    deepgram: { ...defaultSttConfig.deepgram!, api_key: 'dg-default-key-1111' },
  },
  ...toolsDefaults,
  system_prompt: defaultSystemPrompt,
  model_provider: 'langgenius/openai/openai',
  model_name: 'gpt-4o',
  model_live_url: '',
  knowledge_base_ids: ['kb_docs', 'kb_removed'],
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
};

export const editorKnowledgeBases: KnowledgeBase[] = [
  {
    id: 'kb_docs',
    name: 'Product documentation',
    description: 'Manuals and how-to guides',
    documentCount: 12,
    createdAt: '2025-01-02T10:00:00.000Z',
    indexingTechnique: 'high_quality',
  },
  {
    id: 'kb_faq',
    name: 'Clinic FAQ',
    description: 'Opening hours, parking, insurance',
    documentCount: 1,
    createdAt: '2025-01-03T10:00:00.000Z',
    indexingTechnique: 'economy',
  },
  {
    id: 'kb_policies',
    name: 'Billing policies',
    description: null,
    documentCount: 4,
    createdAt: '2025-01-04T10:00:00.000Z',
    indexingTechnique: 'high_quality',
  },
];

type Latency = number | 'infinite';

export interface EditorBackendOptions {
  agent?: AgentConfig;
  bases?: KnowledgeBase[];
  /** Latency of reads (default 50 ms). */
  latencyMs?: Latency;
  /** Latency of writes (default 50 ms). */
  saveLatencyMs?: Latency;
  /** Status of GET info (e.g. 404). */
  infoStatus?: number;
  updateStatus?: number;
  promptStatus?: number;
  /** e.g. 401 for 'Unauthorized: Please check your Dify API key configuration'. */
  modelConfigStatus?: number;
  /** A warning in the model-config answer ('Model configuration saved locally: …'). */
  modelConfigWarning?: string;
  publishStatus?: number;
  knowledgeStatus?: number;
  /** Observes every write (name of the call and its parsed body). */
  onRequest?: (name: string, body: unknown) => void;
}

type Out<S extends { parse: (v: unknown) => unknown }> = ReturnType<S['parse']>;
type Parsed<T> =
  { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
interface Schema<T> {
  safeParse(value: unknown): Parsed<T>;
}

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error }, { status });

/**
 * MSW handlers for the agent editor: agent info and update, prompt and model config, publish,
 * app lookup and the knowledge-base list. Requests are validated with the contract's schemas
 * (a 400 names the problem) and each story gets its own in-memory agent.
 */
export function editorBackend(options: EditorBackendOptions = {}) {
  let agent: AgentConfig = { ...(options.agent ?? editorAgent) };
  const bases = options.bases ?? editorKnowledgeBases;
  const read = () => delay(options.latencyMs ?? 50);
  const write = () => delay(options.saveLatencyMs ?? 50);
  const parse = async <T>(schema: Schema<T>, request: Request, name: string) => {
    const body: unknown = await request.json();
    options.onRequest?.(name, body);
    return schema.safeParse(body);
  };
  const listBases = async () => {
    await read();
    if (options.knowledgeStatus) return failure(options.knowledgeStatus, 'Failed to list');
    return HttpResponse.json<KnowledgeBase[]>(bases);
  };

  return [
    http.get('*/api/agents/info/:name', async () => {
      await read();
      if (options.infoStatus) return failure(options.infoStatus, 'Agent not found');
      return HttpResponse.json<AgentConfig>(agent);
    }),
    http.post('*/api/agents/update/:name', async ({ request }) => {
      const parsed = await parse(agentUpdateRequestSchema, request, 'update');
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.updateStatus) return failure(options.updateStatus, 'Database unavailable');
      const { model_api_key: _key, ...rest } = parsed.data;
      agent = { ...agent, ...rest };
      return HttpResponse.json<Out<typeof agentUpdateResponseSchema>>({
        success: true,
        message: 'Agent updated successfully',
        agent,
      });
    }),
    http.post('*/api/prompt-config', async ({ request }) => {
      const parsed = await parse(promptConfigRequestSchema, request, 'prompt-config');
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.promptStatus) return failure(options.promptStatus, 'App not found');
      agent = { ...agent, system_prompt: parsed.data.prompt };
      return HttpResponse.json<Out<typeof promptConfigResponseSchema>>({
        success: true,
        message: 'Prompt saved successfully',
      });
    }),
    http.post('*/api/model-config', async ({ request }) => {
      const parsed = await parse(modelConfigRequestSchema, request, 'model-config');
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.modelConfigStatus)
        return failure(options.modelConfigStatus, 'Invalid Dify API key');
      const { provider, model, dataset_configs } = parsed.data;
      agent = {
        ...agent,
        model_provider: provider,
        model_name: model,
        ...(dataset_configs ? { knowledge_base_ids: dataset_configs.datasets } : {}),
      };
      return HttpResponse.json<Out<typeof modelConfigResponseSchema>>({
        success: true,
        message: 'Model configuration saved successfully',
        ...(options.modelConfigWarning ? { warning: options.modelConfigWarning } : {}),
      });
    }),
    http.post('*/api/publish-agent', async ({ request }) => {
      const parsed = await parse(publishAgentRequestSchema, request, 'publish-agent');
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.publishStatus) return failure(options.publishStatus, 'App not found');
      agent = { ...agent, status: 'active' };
      return HttpResponse.json<Out<typeof publishAgentResponseSchema>>({
        success: true,
        message: 'Agent published successfully',
      });
    }),
    http.post('*/api/app/get-app-by-key', async () => {
      await read();
      return HttpResponse.json<Out<typeof getAppByKeyResponseSchema>>({ appId: editorAppId });
    }),
    http.get('*/api/knowledge-bases', listBases),
    http.get('*/api/knowledge-bases/', listBases),
    // The agent's tools (issue 28): none.
    http.get('*/api/agents/:name/tools', () => HttpResponse.json({ tools: [] })),
  ];
}
