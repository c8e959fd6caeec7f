import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from './harness';

/** Bodies over the 10 MB limit are refused while they stream in, with or without a length. */

let server: TestServer;
let owner: TestUser;
let kbId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  await owner.withOrg('Limits Org');
  const kb = await createKnowledgeClient({
    baseUrl: '/api/knowledge-bases',
    fetch: owner.fetch,
  }).create({ name: 'Limits' });
  kbId = kb.id;
});
afterAll(async () => {
  await server?.close();
});

const mb = 1024 * 1024;

/**
 * POSTs a large body with node:http and resolves on the answer: the server may answer (and stop
 * reading) before the upload ends, which fetch reports as a failed write.
 */
function postLarge(path: string, contentType: string, body: Buffer, chunked = false) {
  return new Promise<{ status: number; error: string }>((resolve, reject) => {
    const req = httpRequest(
      new URL(path, server.url),
      {
        method: 'POST',
        // Its own connection: the server closes it after refusing the upload.
        agent: false,
        headers: {
          'Content-Type': contentType,
          // Chunked: no Content-Length, so the limit can only be seen while reading.
          ...(chunked ? {} : { 'Content-Length': body.length }),
          Origin: server.url,
          Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            error: (JSON.parse(text) as { error: string }).error,
          }),
        );
      },
    );
    req.on('error', (error) => (req.writableFinished ? undefined : reject(error)));
    if (!chunked) return void req.end(body);
    const part = 1024 * 1024;
    for (let i = 0; i < body.length; i += part) req.write(body.subarray(i, i + part));
    req.end();
  });
}

async function documentCount() {
  const res = await owner.raw('GET', `/api/knowledge-bases/${kbId}/documents`);
  return (res.body as unknown as unknown[]).length;
}

describe('request size limits', () => {
  it('given a chunked file upload over 10 MB › 400 naming the file, nothing stored', async () => {
    const boundary = 'parley-limit';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.alloc(11 * mb, 97),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await postLarge(
      `/api/knowledge-bases/${kbId}/documents/file`,
      `multipart/form-data; boundary=${boundary}`,
      body,
      true,
    );
    expect(res).toEqual({ status: 400, error: 'file: The file is larger than the 10 MB limit' });
    expect(await documentCount()).toBe(0);
  });

  it('given a text document over 10 MB › 400 naming the content, nothing stored', async () => {
    const res = await postLarge(
      `/api/knowledge-bases/${kbId}/documents`,
      'application/json',
      Buffer.from(JSON.stringify({ name: 'huge', content: 'a'.repeat(11 * mb) })),
    );
    expect(res).toEqual({
      status: 400,
      error: 'content: The text is larger than the 10 MB limit',
    });
    expect(await documentCount()).toBe(0);
  });

  it('given any other oversized body › 413 and the route never runs', async () => {
    const res = await postLarge(
      '/api/org/create-org',
      'application/json',
      Buffer.alloc(11 * mb, 32),
      true,
    );
    expect(res).toEqual({ status: 413, error: 'body: The request is larger than the 10 MB limit' });
  });

  it('given a normal text document › accepted', async () => {
    const res = await owner.raw('POST', `/api/knowledge-bases/${kbId}/documents`, {
      name: 'small',
      content: 'A small note.',
    });
    expect(res.status).toBe(200);
    expect(await documentCount()).toBe(1);
  });
});
