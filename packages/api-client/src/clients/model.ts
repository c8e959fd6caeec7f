import { createHttp, type HttpOptions } from '../http';
import {
  chatbotChatResponseSchema,
  chatMessagesResponseSchema,
  runtimeInfoSchema,
  modelConfigResponseSchema,
  promptConfigResponseSchema,
  publishAgentResponseSchema,
  type ModelConfigRequest,
} from '../schemas/model';
import { runtimeBaseUrl } from '../schemas/runtime';

/** Model panel calls (prompt-config, model-config, publish-agent, chatbot/chat), default base '/api'. */
export function createModelClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  return {
    savePrompt: (body: { prompt: string; chatbot_api_key: string }) =>
      http('POST', '/prompt-config', { json: body, schema: promptConfigResponseSchema }),
    saveModelConfig: (body: ModelConfigRequest) =>
      http('POST', '/model-config', { json: body, schema: modelConfigResponseSchema }),
    /** Publishes the draft as a new version (`note`: why; docs/versions.md). */
    publish: (body: { chatbot_api_key: string; app_id: string; note?: string }) =>
      http('POST', '/publish-agent', { json: body, schema: publishAgentResponseSchema }),
    chat: (body: {
      difyApiUrl: string;
      difyApiKey: string;
      message: string;
      conversationId?: string;
      useStreaming?: boolean;
    }) =>
      http('POST', '/chatbot/chat', {
        json: { conversationId: '', useStreaming: true, ...body },
        schema: chatbotChatResponseSchema,
      }),
  };
}

/** Direct test of an agent key against its chat-messages endpoint (bearer, blocking). */
export function createChatRuntimeClient(options: HttpOptions & { apiKey: string }) {
  const http = createHttp({
    ...options,
    // The agent URL may be stored as the full '…/v1/chat-messages' endpoint (spec §9).
    baseUrl: runtimeBaseUrl(options.baseUrl),
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
  });
  return {
    send: (query: string, user: string, conversationId = '') =>
      http('POST', '/chat-messages', {
        json: {
          inputs: {},
          query,
          response_mode: 'blocking',
          conversation_id: conversationId,
          user,
        },
        schema: chatMessagesResponseSchema,
      }),
    /**
     * The app the key opens (GET /info): checks the key without starting a conversation or
     * calling the model.
     */
    info: () => http('GET', '/info', { schema: runtimeInfoSchema }),
  };
}
export type ModelClient = ReturnType<typeof createModelClient>;
