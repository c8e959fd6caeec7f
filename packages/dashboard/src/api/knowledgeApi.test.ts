// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@parley/api-client';
import { json, routeFetch } from '@parley/api-client/testing';
import { createKnowledgeApi, progressPercent, xhrUpload } from './knowledgeApi';
import { isNetworkError } from '../knowledge/knowledgeErrors';

const doc = {
  id: 'doc_1',
  name: 'handbook.pdf',
  wordCount: 0,
  createdAt: '2025-01-02T10:00:00.000Z',
  enabled: true,
  status: 'indexing',
};

/** A scripted XMLHttpRequest: records the request, then plays progress and an answer. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor(private script: (xhr: FakeXhr) => void) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => this.script(this));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, statusText: string, body: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

const fake = (script: (xhr: FakeXhr) => void) => {
  const made: FakeXhr[] = [];
  const createXhr = () => {
    const xhr = new FakeXhr(script);
    made.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  return { made, createXhr };
};

const file = new File(['hello'], 'handbook.pdf', { type: 'application/pdf' });
const input = {
  file,
  fileName: 'handbook.pdf',
  name: 'Handbook',
  indexingTechnique: 'economy',
  chunkSettings: { chunkSize: 512 },
};

describe('createKnowledgeApi().uploadFile', () => {
  it('posts multipart to {base}/{id}/documents/file and reports progress', async () => {
    const { made, createXhr } = fake((xhr) => {
      xhr.progress(25, 100);
      xhr.progress(100, 100);
      xhr.answer(200, 'OK', doc);
    });
    const api = createKnowledgeApi({ baseUrl: '/api/knowledge-bases', createXhr });
    const seen: number[] = [];
    const result = await api.uploadFile('kb 1', input, { onProgress: (p) => seen.push(p) });
    expect(result).toMatchObject({ id: 'doc_1', status: 'indexing' });
    expect(seen).toEqual([25, 100, 100]);
    const xhr = made[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/knowledge-bases/kb%201/documents/file');
    const form = xhr.body as FormData;
    expect((form.get('file') as File).name).toBe('handbook.pdf');
    expect(form.get('name')).toBe('Handbook');
    expect(form.get('indexingTechnique')).toBe('economy');
    expect(JSON.parse(String(form.get('chunkSettings')))).toEqual({ chunkSize: 512 });
  });

  it('given the server refuses › rejects with its error text', async () => {
    const { createXhr } = fake((xhr) =>
      xhr.answer(400, 'Bad Request', { error: 'file: The file is larger than the 10 MB limit' }),
    );
    const api = createKnowledgeApi({ createXhr });
    const error = await api.uploadFile('kb', input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('file: The file is larger than the 10 MB limit');
    expect((error as ApiError).status).toBe(400);
  });

  it('given no error text › falls back to HTTP {status}: {statusText}', async () => {
    const { createXhr } = fake((xhr) => xhr.answer(502, 'Bad Gateway', undefined));
    const api = createKnowledgeApi({ createXhr });
    await expect(api.uploadFile('kb', input)).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('given no answer › rejects like fetch does (a network error)', async () => {
    const { createXhr } = fake((xhr) => xhr.onerror?.());
    const api = createKnowledgeApi({ createXhr });
    const error = await api.uploadFile('kb', input).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
  });

  it('given an answer that breaks the contract › rejects', async () => {
    const { createXhr } = fake((xhr) => xhr.answer(200, 'OK', { id: 'doc_1' }));
    await expect(xhrUpload('/x', new FormData(), { createXhr })).rejects.toThrow(
      /Unexpected answer from \/x/,
    );
  });

  it('given the caller aborts › aborts the request', async () => {
    const { made, createXhr } = fake(() => {});
    const controller = new AbortController();
    const pending = xhrUpload('/x', new FormData(), { createXhr, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(made[0]!.aborted).toBe(true);
  });
});

describe('createKnowledgeApi with a fetch', () => {
  it('sends every JSON call under the base URL', async () => {
    const fetch = routeFetch({
      'GET /kb': () => json([]),
      'POST /kb/k1/documents': () => json(doc),
    });
    const api = createKnowledgeApi({ baseUrl: '/kb', fetch });
    await api.list();
    await api.addText('k1', { name: 'Hours', content: 'Open 8–18' });
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /kb',
      'POST /kb/k1/documents',
    ]);
  });

  it('uploads through the same fetch and reports 100 % at the end', async () => {
    const fetch = routeFetch({ 'POST /kb/k1/documents/file': () => json(doc) });
    const api = createKnowledgeApi({ baseUrl: '/kb', fetch });
    const seen: number[] = [];
    await api.uploadFile('k1', input, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([100]);
  });
});

describe('progressPercent', () => {
  it('turns progress events into whole percents', () => {
    expect(progressPercent(0, 200)).toBe(0);
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(199, 200)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
    expect(progressPercent(300, 200)).toBe(100);
  });
});
