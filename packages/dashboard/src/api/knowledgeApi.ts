import {
  ApiError,
  ContractError,
  createKnowledgeClient,
  documentSchema,
  httpErrorMessage,
  joinUrl,
  type ChunkSettings,
  type FetchLike,
  type KnowledgeClient,
  type KnowledgeDocument,
} from '@parley/api-client';

/** Whole percent of an upload sent so far (0 while the size is unknown). */
export function progressPercent(loaded: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** The base path of every knowledge-base call (spec §7). */
export const knowledgeBaseUrl = '/api/knowledge-bases';

export interface FileUploadInput {
  file: Blob;
  fileName: string;
  name: string;
  indexingTechnique: string;
  chunkSettings: Partial<ChunkSettings>;
}

export interface UploadOptions {
  /** Whole percent of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The contract client plus a multipart upload that reports progress. */
export interface KnowledgeApi extends KnowledgeClient {
  uploadFile(
    id: string,
    input: FileUploadInput,
    options?: UploadOptions,
  ): Promise<KnowledgeDocument>;
}

export interface KnowledgeApiOptions {
  /** Default '/api/knowledge-bases'. */
  baseUrl?: string;
  /** A fetch for the JSON calls (tests); uploads then use it too (no progress events). */
  fetch?: FetchLike;
  /** Makes the XMLHttpRequest for uploads (tests pass a fake). */
  createXhr?: () => XMLHttpRequest;
}

function multipart(input: FileUploadInput): FormData {
  const form = new FormData();
  form.set('file', input.file, input.fileName);
  form.set('name', input.name);
  form.set('indexingTechnique', input.indexingTechnique);
  form.set('chunkSettings', JSON.stringify(input.chunkSettings));
  return form;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST multipart with XMLHttpRequest so `upload.onprogress` can report progress (fetch cannot).
 * Errors read like the contract client's: the server's `error`/`message`, else 'HTTP {status}:
 * {statusText}'; no answer rejects with a TypeError like fetch; the answer is checked against
 * the document schema.
 */
export function xhrUpload(
  url: string,
  body: FormData,
  options: UploadOptions & { createXhr?: () => XMLHttpRequest } = {},
): Promise<KnowledgeDocument> {
  return new Promise((resolve, reject) => {
    const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    if (options.signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      done();
      const parsed = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          new ApiError(httpErrorMessage(xhr.status, xhr.statusText, parsed), xhr.status, parsed),
        );
        return;
      }
      const result = documentSchema.safeParse(parsed ?? {});
      if (!result.success) {
        const first = result.error.issues[0];
        reject(
          new ContractError(
            `Unexpected answer from ${url}: ${first?.path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`,
          ),
        );
        return;
      }
      options.onProgress?.(100);
      resolve(result.data);
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    options.signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

/** Every knowledge-base call of §7 through the contract client, with progress for file uploads. */
export function createKnowledgeApi(options: KnowledgeApiOptions = {}): KnowledgeApi {
  const baseUrl = options.baseUrl ?? knowledgeBaseUrl;
  const client = createKnowledgeClient({ baseUrl, fetch: options.fetch });
  return {
    ...client,
    uploadFile: async (id, input, uploadOptions = {}) => {
      if (options.fetch) {
        const doc = await client.addFile(
          id,
          input.file,
          input.fileName,
          input.name,
          input.indexingTechnique,
          input.chunkSettings,
        );
        uploadOptions.onProgress?.(100);
        return doc;
      }
      const url = joinUrl(baseUrl, `/${encodeURIComponent(id)}/documents/file`);
      return xhrUpload(url, multipart(input), { ...uploadOptions, createXhr: options.createXhr });
    },
  };
}
