import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { member, organization, user } from '../db/schema';
import type { InstallMailer } from '../org/inviteMail';
import type { DisabledWebhook } from './queue';

/** The words of the e-mail that says a webhook was turned off, and what to do. */
export function disabledWebhookMail(input: {
  orgName: string;
  url: string;
  reason: string;
  link: string | null;
}): { subject: string; text: string } {
  return {
    subject: `A webhook of ${input.orgName} was disabled`,
    text: [
      `Parley stopped sending events to ${input.url} (${input.orgName}).`,
      '',
      `Why: ${input.reason}.`,
      '',
      'The events that could not be delivered are kept in its delivery log: once the endpoint',
      'answers again, turn the webhook back on and replay what it missed.',
      '',
      input.link
        ? `Webhooks: ${input.link}`
        : 'Webhooks are under Account → Webhooks in the console.',
    ].join('\n'),
  };
}

/** The e-mail addresses of the organization's owners and admins. */
async function ownersOf(db: Db, orgId: string): Promise<{ orgName: string; emails: string[] }> {
  const rows = await db
    .select({ email: user.email, orgName: organization.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(
      and(
        eq(member.organizationId, orgId),
        sql`string_to_array(${member.role}, ',') && ARRAY['owner', 'admin']`,
      ),
    )
    .limit(50);
  return { orgName: rows[0]?.orgName ?? 'your organization', emails: rows.map((r) => r.email) };
}

/**
 * Tells the owners a webhook was disabled: the console shows it on the webhook (its
 * `disabled_reason`, a banner in Webhooks); with an install mailer (PARLEY_SMTP_URL) the owners
 * and admins are e-mailed too. The log says it in any case.
 */
export function notifyDisabled(deps: {
  db: Db;
  logger: Pick<Logger, 'warn' | 'error'>;
  mailer: InstallMailer | null;
  publicUrl: string | null;
}) {
  return async (hook: DisabledWebhook) => {
    deps.logger.warn(
      { webhook: hook.id, organization: hook.organizationId, reason: hook.reason },
      'webhook disabled: it failed every delivery for 5 days',
    );
    if (!deps.mailer) return;
    const { orgName, emails } = await ownersOf(deps.db, hook.organizationId);
    const mail = disabledWebhookMail({
      orgName,
      url: hook.url,
      reason: hook.reason,
      link: deps.publicUrl ? `${deps.publicUrl}/account#webhooks` : null,
    });
    const results = await Promise.allSettled(
      emails.map((to) => deps.mailer!.send({ to, ...mail })),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed)
      deps.logger.error(
        { webhook: hook.id, failed },
        'some owners could not be e-mailed about a disabled webhook',
      );
  };
}
