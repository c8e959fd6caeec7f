import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeBaseMembers, knowledgeBases, member } from '../db/schema';
import { HttpError } from '../lib/http';

/**
 * Who sees and uses a knowledge base of an organization (docs/roles.md): `all_team_members` →
 * every member; `only_me` → its creator; `partial_members` → its creator and the members chosen
 * for it. Owners and admins are not exempt: a base shared with two people stays theirs.
 */
export function visibleTo(userId: string, orgId: string): SQL {
  const chosen = exists(
    sql`(select 1 from ${knowledgeBaseMembers} inner join ${member} on ${member.id} = ${knowledgeBaseMembers.memberId} where ${knowledgeBaseMembers.knowledgeBaseId} = ${knowledgeBases.id} and ${member.userId} = ${userId} and ${member.organizationId} = ${orgId})`,
  );
  return and(
    eq(knowledgeBases.organizationId, orgId),
    or(
      eq(knowledgeBases.permission, 'all_team_members'),
      eq(knowledgeBases.createdBy, userId),
      and(eq(knowledgeBases.permission, 'partial_members'), chosen),
    ),
  )!;
}

/**
 * The memberships of these users in the organization; an id that is not a member → 400 naming
 * the field, nothing written.
 */
export async function membersForPicker(db: Db, orgId: string, userIds: readonly string[]) {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: member.id, userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, orgId), inArray(member.userId, wanted)));
  const missing = wanted.find((u) => !rows.some((r) => r.userId === u));
  if (missing) {
    const message = `${missing} is not a member of this organization`;
    throw new HttpError(400, `partialMembers: ${message}`, {
      issues: [{ field: 'partialMembers', message }],
    });
  }
  return rows;
}

/** Replaces the chosen members of a base (memberships from membersForPicker). */
export async function setPartialMembers(
  db: Db,
  knowledgeBaseId: string,
  memberships: readonly { id: string }[],
) {
  await db
    .delete(knowledgeBaseMembers)
    .where(eq(knowledgeBaseMembers.knowledgeBaseId, knowledgeBaseId));
  if (memberships.length === 0) return;
  await db
    .insert(knowledgeBaseMembers)
    .values(memberships.map((m) => ({ knowledgeBaseId, memberId: m.id })))
    .onConflictDoNothing();
}

/** The chosen members' user ids of these bases. */
export async function partialMembersOf(db: Db, knowledgeBaseIds: readonly string[]) {
  const byBase = new Map<string, string[]>();
  if (knowledgeBaseIds.length === 0) return byBase;
  const rows = await db
    .select({ kb: knowledgeBaseMembers.knowledgeBaseId, userId: member.userId })
    .from(knowledgeBaseMembers)
    .innerJoin(member, eq(member.id, knowledgeBaseMembers.memberId))
    .where(inArray(knowledgeBaseMembers.knowledgeBaseId, [...knowledgeBaseIds]));
  for (const r of rows) byBase.set(r.kb, [...(byBase.get(r.kb) ?? []), r.userId]);
  return byBase;
}
