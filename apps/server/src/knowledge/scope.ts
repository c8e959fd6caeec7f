import type { Context } from 'hono';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { uuidSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, notFound } from '../lib/http';
import { membershipsOf, organizationOf } from '../lib/tenancy';
import { documents, knowledgeBases } from '../db/schema';
import { vectorForOrg } from './retrieve';
import { visibleTo } from './access';

export type Ctx = Context<AppEnv>;

/** A document's columns without its text (which can be 10 MB). */
const { content: _content, ...columns } = getTableColumns(documents);
export const documentColumns = columns;

/** The warning of a high_quality base or document on a server without vector search. */
export const fullTextOnlyWarning = (subject: 'document' | 'knowledge base') =>
  `High-quality (vector) indexing needs an embedding provider, which is not configured on this server: this ${subject} is indexed with full-text search only.`;

/**
 * What every knowledge route needs: the organization in scope, the base or document a path
 * names (only those the user may see; anything else 404), and the full-text-only warning.
 */
export function knowledgeScope(services: Services) {
  const { db } = services;

  /**
   * The organization in scope (the list and create): ?organization_id= (as every feature names it;
   * the older ?org_id= is still read) if the user belongs to it, else their only organization; a
   * user of several who names none gets 400 (lib/tenancy's one rule).
   */
  const orgOf = (c: Ctx): Promise<string> =>
    organizationOf(db, c.get('user').id, c.req.query('organization_id') ?? c.req.query('org_id'));

  const visible = (c: Ctx, orgId: string) => visibleTo(c.get('user').id, orgId);

  async function baseOf(c: Ctx) {
    const id = check(uuidSchema, c.req.param('id'), 'id');
    const orgId = await orgOfAny(c, id);
    const [kb] = await db
      .select()
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.id, id), visible(c, orgId)))
      .limit(1);
    if (!kb) throw notFound('Knowledge base');
    return kb;
  }

  /** The base's organization if the user is a member of it (any of their organizations). */
  async function orgOfAny(c: Ctx, kbId: string): Promise<string> {
    const orgIds = (await membershipsOf(db, c.get('user').id)).map((m) => m.orgId);
    if (orgIds.length === 0) throw notFound('Knowledge base');
    const [row] = await db
      .select({ orgId: knowledgeBases.organizationId })
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.id, kbId), inArray(knowledgeBases.organizationId, orgIds)))
      .limit(1);
    if (!row) throw notFound('Knowledge base');
    return row.orgId;
  }

  async function documentOf(c: Ctx) {
    const kb = await baseOf(c);
    const docId = check(uuidSchema, c.req.param('docId'), 'docId');
    const [doc] = await db
      .select(documentColumns)
      .from(documents)
      .where(and(eq(documents.id, docId), eq(documents.knowledgeBaseId, kb.id)))
      .limit(1);
    if (!doc) throw notFound('Document');
    return { kb, doc };
  }

  // Full-text only: no vector index here, or the install's embedding key does not serve the
  // organization (a shared provider resource, lib/sharedProviders).
  const warningFor = async (
    orgId: string,
    technique: string,
    subject: 'document' | 'knowledge base' = 'document',
  ) =>
    technique === 'high_quality' && !(await vectorForOrg(services.vector, orgId))
      ? { warning: fullTextOnlyWarning(subject) }
      : {};

  /** Whether vector search serves the organization's high_quality bases here. */
  const vectorSearchFor = async (orgId: string) =>
    Boolean(await vectorForOrg(services.vector, orgId));

  return { orgOf, visible, baseOf, documentOf, warningFor, vectorSearchFor };
}

export type KnowledgeScope = ReturnType<typeof knowledgeScope>;
