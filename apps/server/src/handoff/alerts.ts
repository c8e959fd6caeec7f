import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { member, memberNotifications, user } from '../db/schema';
import { installMailerFrom, type InstallMailer } from '../org/inviteMail';
import { publicUrlOf } from '../lib/publicUrl';

/** At most this many members are e-mailed about one request (the first to opt in). */
export const maxAlertRecipients = 50;
/** Each e-mail gets this long; the request never waits for it. */
const sendTimeoutMs = 20_000;

export interface AlertInput {
  organizationId: string;
  conversationId: string;
  agentName: string | null;
  channel: string;
  endUser: string;
  reason: string;
  summary: string;
  inHours: boolean;
}

/** The alert's words: who waits, on which channel and agent, why, the summary and the link. */
export function handoffAlertMail(input: AlertInput, publicUrl: string | null) {
  const link = publicUrl
    ? `${publicUrl}/?view=conversations&conversation=${encodeURIComponent(input.conversationId)}`
    : null;
  return {
    subject: `Needs a person: ${input.endUser || 'a visitor'} (${input.channel})`,
    text: [
      `A conversation needs a person${input.inHours ? '' : ' (it came outside business hours)'}.`,
      '',
      `Who: ${input.endUser || 'a visitor'} on ${input.channel}${input.agentName ? `, agent ${input.agentName}` : ''}`,
      `Why: ${input.reason}`,
      '',
      'Summary:',
      input.summary,
      '',
      link
        ? `Take it over in the inbox: ${link}`
        : "Take it over in the console's inbox (Needs a person).",
      '',
      'You get this e-mail because you turned on e-mail alerts for conversations that need a person (Account).',
    ].join('\n'),
  };
}

/** The members of the organization who asked to be e-mailed, with their addresses. */
export async function alertRecipients(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(memberNotifications)
    .innerJoin(
      member,
      and(
        eq(member.organizationId, memberNotifications.organizationId),
        eq(member.userId, memberNotifications.userId),
      ),
    )
    .innerJoin(user, eq(user.id, memberNotifications.userId))
    .where(
      and(
        eq(memberNotifications.organizationId, orgId),
        eq(memberNotifications.handoffEmail, true),
      ),
    )
    .orderBy(sql`${member.createdAt}`)
    .limit(maxAlertRecipients);
  return rows.map((r) => r.email);
}

/**
 * E-mails the members who opted in, through the install's mailer (PARLEY_SMTP_URL); without one,
 * nothing. Each send is bounded in time; a failure is logged, never thrown. The caller does not
 * wait for it. Resolves with the addresses that were sent to (tests).
 */
export async function alertMembers(
  deps: { db: Db; env: Record<string, string | undefined>; logger: Logger },
  input: AlertInput,
  mailer: InstallMailer | null = installMailerFrom(deps.env),
): Promise<string[]> {
  if (!mailer) return [];
  const sent: string[] = [];
  try {
    const recipients = await alertRecipients(deps.db, input.organizationId);
    const mail = handoffAlertMail(input, publicUrlOf(deps.env));
    await Promise.all(
      recipients.map(async (to) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            mailer.send({ to, ...mail }),
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new Error('the mail server did not answer')),
                sendTimeoutMs,
              );
            }),
          ]);
          sent.push(to);
        } catch (error) {
          deps.logger.warn({ err: error, to }, 'handoff alert not e-mailed');
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  } catch (error) {
    deps.logger.warn({ err: error }, 'handoff alerts not sent');
  }
  return sent;
}
