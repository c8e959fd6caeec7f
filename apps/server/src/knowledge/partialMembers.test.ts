import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { configureKnowledge, draftAgent } from '../../test/agentFixtures';

let server: TestServer;
let owner: TestUser;
let orgId: string;
let creator: TestUser;
let chosen: TestUser;
let third: TestUser;

const kb = (user: TestUser) =>
  createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  orgId = await owner.withOrg('Team');
  creator = await server.newUser().signUp('Cre', 'Ator');
  chosen = await server.newUser().signUp('Cho', 'Sen');
  third = await server.newUser().signUp('Thi', 'Rd');
  for (const u of [creator, chosen, third]) await owner.org.addUser({ orgId, userId: u.userId });
});
afterAll(async () => {
  await server?.close();
});

/** A base meant for two people: its creator and `chosen`. */
async function baseForTwo() {
  const base = await kb(creator).create({
    name: `For two ${Math.random().toString(36).slice(2, 6)}`,
    indexingTechnique: 'economy',
    permission: 'partial_members',
    partialMembers: [chosen.userId],
  });
  await kb(creator).addText(base.id, { name: 'Plan', content: 'The launch is on Tuesday.' });
  return base;
}

describe('partial_members knowledge bases', () => {
  it('given a base for two › the creator and the chosen member see it, with the chosen listed', async () => {
    const base = await baseForTwo();
    expect(base).toMatchObject({ permission: 'partial_members', partialMembers: [chosen.userId] });
    for (const u of [creator, chosen]) {
      const listed = (await kb(u).list()).find((k) => k.id === base.id);
      expect(listed).toMatchObject({ partialMembers: [chosen.userId] });
      expect((await kb(u).documents(base.id)).map((d) => d.name)).toEqual(['Plan']);
    }
  });

  it('given a base for two › a third member, and the owner not chosen, get 404 everywhere', async () => {
    const base = await baseForTwo();
    for (const u of [third, owner]) {
      expect((await kb(u).list()).map((k) => k.id)).not.toContain(base.id);
      for (const [method, path, body] of [
        ['GET', `/api/knowledge-bases/${base.id}/documents`],
        ['POST', `/api/knowledge-bases/${base.id}/documents`, { name: 'x', content: 'y' }],
        ['POST', `/api/knowledge-bases/${base.id}/test-retrieval`, { query: 'launch' }],
        ['GET', `/api/knowledge-bases/${base.id}/api-keys`],
        ['DELETE', `/api/knowledge-bases/${base.id}`],
      ] as Array<[string, string, unknown?]>) {
        expect({ method, path, status: (await u.raw(method, path, body)).status }).toEqual({
          method,
          path,
          status: 404,
        });
      }
    }
    expect((await kb(creator).documents(base.id)).map((d) => d.name)).toEqual(['Plan']);
  });

  it('given a base for two › a third member cannot attach it to an agent (404, nothing written)', async () => {
    const base = await baseForTwo();
    const { appKey } = await draftAgent(third, orgId, 'helper');
    const res = await configureKnowledge(third, appKey, [base.id]);
    expect(res).toMatchObject({ status: 404, body: { error: 'Knowledge base not found' } });
    // The chosen member may, and the third member's later save keeps what is attached.
    const shared = await draftAgent(chosen, orgId, 'shared');
    await chosen.attachKnowledge(shared.appKey, [base.id]);
    await third.attachKnowledge(shared.appKey, [base.id]);
  });

  it('given someone outside the organization as a chosen member › 400 naming the field, nothing written', async () => {
    const outsider = await server.newUser().signUp();
    const before = (await kb(creator).list()).length;
    const res = await creator.raw('POST', '/api/knowledge-bases', {
      name: 'Leaky',
      permission: 'partial_members',
      partialMembers: [outsider.userId],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: `partialMembers: ${outsider.userId} is not a member of this organization` },
    });
    expect((await kb(creator).list()).length).toBe(before);
  });

  it('given the chosen member leaves the organization › the base is no longer theirs when they return', async () => {
    const base = await baseForTwo();
    const leaver = await server.newUser().signUp('Lea', 'Ver');
    await owner.org.addUser({ orgId, userId: leaver.userId });
    const shared = await kb(creator).create({
      name: 'Shared with leaver',
      permission: 'partial_members',
      partialMembers: [leaver.userId],
    });
    expect((await kb(leaver).list()).map((k) => k.id)).toContain(shared.id);
    const members = await owner.org.members(orgId);
    const memberId = members.members.find((m) => m.userId === leaver.userId)!.memberId;
    await owner.org.removeMember(orgId, memberId);
    await owner.org.addUser({ orgId, userId: leaver.userId });
    const seen = (await kb(leaver).list()).map((k) => k.id);
    expect(seen).not.toContain(shared.id);
    expect(seen).not.toContain(base.id);
  });
});
