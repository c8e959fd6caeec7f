import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { lyingZipBomb, peakRssGrowthMb } from '../../test/zipBomb';
import { realDocx } from '../../test/wordDocument';

let server: TestServer;
let owner: TestUser;
let kbId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  await owner.withOrg('Upload Org');
  kbId = (await kb().create({ name: 'Uploads', indexingTechnique: 'economy' })).id;
});
afterAll(async () => {
  await server?.close();
});

const kb = () => createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: owner.fetch });

async function upload(bytes: Uint8Array | string, fileName: string) {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), fileName);
  form.set('name', fileName);
  const res = await owner.fetch(`/api/knowledge-bases/${kbId}/documents/file`, {
    method: 'POST',
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { error?: string; id?: string } };
}

const documentCount = async () => (await kb().documents(kbId)).length;

describe('uploads: archives bounded by what they really inflate to', () => {
  it('a lying zip bomb (1.1 MB, says 4 KB, inflates to 1 GiB) → 400, bounded memory, nothing stored', async () => {
    // A real .docx first: the parsing threads are up and mammoth is loaded before measuring.
    const ok = await upload(await realDocx('Warm-up document.'), 'warm.docx');
    expect(ok.status).toBe(200);
    const before = await documentCount();

    const bomb = lyingZipBomb(1024);
    const { result, mb } = await peakRssGrowthMb(() => upload(bomb, 'report.docx'));
    expect(result).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'file: The document is too large once unpacked' }),
    });
    // Stated bound: one bomb costs the server process under 150 MB (today: about 1.25 GB).
    expect(mb).toBeLessThan(150);
    expect(await documentCount()).toBe(before);
  });
});

describe('uploads: empty input and malformed bodies', () => {
  it('an empty file and a whitespace-only file → 400 naming the field; no document', async () => {
    const before = await documentCount();
    expect(await upload(new Uint8Array(0), 'empty.txt')).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'file: The file is empty' }),
    });
    expect(await upload(' \n\t \r\n  ', 'blank.txt')).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'file: The file contains no text' }),
    });
    expect(await upload(await realDocx('   '), 'blank.docx')).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'file: The file contains no text' }),
    });
    expect(await documentCount()).toBe(before);
  });

  it('whitespace-only text content → 400 naming content; no document', async () => {
    const before = await documentCount();
    const res = await owner.raw('POST', `/api/knowledge-bases/${kbId}/documents`, {
      name: 'Blank',
      content: '  \n \t ',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^content: /);
    expect(await documentCount()).toBe(before);
  });

  it('a malformed multipart body → 400 naming file, not 500', async () => {
    const res = await owner.fetch(`/api/knowledge-bases/${kbId}/documents/file`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=----parley' },
      body: '------parley\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^file: /);
  });
});
