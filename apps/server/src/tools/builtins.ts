import { phonePattern, type BuiltinToolType } from '@parley/api-client';
import type { ToolRow } from './store';
import type { ToolContext } from './context';
import { ToolError } from './httpTool';
import { sendEmailTool, sendMessageTool } from './sendBuiltins';
import { builtinServices } from './builtinServices';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 2000) : null;

/** The person's phone number, or a ToolError saying why there is none. */
function phoneOf(ctx: ToolContext, what: string): string {
  if (ctx.endUser && phonePattern.test(ctx.endUser)) return ctx.endUser;
  throw new ToolError(
    `${what} needs the person's phone number, and this ${ctx.channel} conversation has none`,
  );
}

function needsCall(ctx: ToolContext, tool: string) {
  if (ctx.channel !== 'voice')
    throw new ToolError(
      `${tool} only works during a phone or voice call; this conversation is a ${ctx.channel}`,
    );
}

/**
 * A built-in tool's work, for the conversation's organization and person. What it answers is
 * what the model sees; a ToolError is explained to the model.
 */
export async function runBuiltin(
  row: Pick<ToolRow, 'type' | 'config'>,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<unknown> {
  const type = row.type as BuiltinToolType;
  switch (type) {
    case 'end_call': {
      needsCall(ctx, 'end_call');
      ctx.actions.endCall = { reason: text(args.reason) };
      return 'The call will end after your answer: say goodbye.';
    }
    case 'transfer_call': {
      needsCall(ctx, 'transfer_call');
      const number = String((row.config as { number?: string }).number ?? '');
      if (!phonePattern.test(number)) throw new ToolError('No number to transfer to is configured');
      ctx.actions.transferCall = { number, reason: text(args.reason) };
      return 'The call will be transferred after your answer: tell the caller.';
    }
    case 'do_not_contact': {
      const number = phoneOf(ctx, 'do_not_contact');
      const reason = text(args.reason) ?? 'Asked the agent not to be contacted';
      const { addDoNotCall, recordOptOut } = builtinServices();
      await addDoNotCall(ctx.db, ctx.organizationId, number, reason.slice(0, 500));
      if (ctx.agentAddress && phonePattern.test(ctx.agentAddress))
        for (const channel of ['sms', 'whatsapp'] as const)
          await recordOptOut(
            ctx.db,
            {
              organizationId: ctx.organizationId,
              channel,
              ourNumber: ctx.agentAddress,
              endUser: number,
            },
            'AGENT',
          );
      return `Recorded: ${number} will not be called${ctx.agentAddress ? ' or messaged' : ''} again.`;
    }
    case 'schedule_callback': {
      const number = phoneOf(ctx, 'schedule_callback');
      const raw = text(args.time);
      const when = raw ? new Date(raw) : null;
      if (!when || Number.isNaN(when.getTime()))
        throw new ToolError(
          'time must be an ISO 8601 date and time, e.g. 2026-12-01T15:30:00+01:00',
        );
      const now = ctx.now?.() ?? new Date();
      if (when.getTime() <= now.getTime())
        throw new ToolError(`time must be in the future (it is now ${now.toISOString()})`);
      const row = await builtinServices().createEvent(ctx.db, {
        orgId: ctx.organizationId,
        agentName: ctx.agentName,
        recipientPhone: number,
        scheduledTime: when,
        flexibleTimeMinutes: 0,
        maxRetries: 3,
        messageTemplate: text(args.note),
      });
      return { scheduled: true, id: row.id, time: when.toISOString(), to: number };
    }
    case 'send_sms':
      return sendMessageTool('sms', args, ctx);
    case 'send_whatsapp':
      return sendMessageTool('whatsapp', args, ctx);
    case 'send_email':
      return sendEmailTool(args, ctx);
    case 'request_human':
      if (!ctx.conversationId) throw new ToolError('request_human needs a conversation');
      return builtinServices().planHandoff(
        ctx,
        text(args.reason)?.slice(0, 500) ?? 'The agent asked for a person',
      );
    default:
      throw new ToolError(`Unknown built-in tool ${String(type)}`);
  }
}

/** What a built-in would do, said without doing it ('Test tool' outside a conversation). */
export function builtinDryRun(
  row: Pick<ToolRow, 'type' | 'config'>,
  args: Record<string, unknown>,
): string {
  switch (row.type as BuiltinToolType) {
    case 'end_call':
      return 'In a call, this ends the call after the answer.';
    case 'transfer_call':
      return `In a call, this transfers the caller to ${String((row.config as { number?: string }).number)}.`;
    case 'do_not_contact':
      return "In a conversation, this adds the person's number to the do-not-call list and opts them out of messages.";
    case 'schedule_callback':
      return `In a conversation, this schedules a call back to the person at ${String(args.time ?? '(time)')}.`;
    case 'send_sms':
      return `In a conversation, this sends the person an SMS: ${JSON.stringify(args.message ?? '')}.`;
    case 'send_whatsapp':
      return `In a conversation, this sends the person a WhatsApp message: ${JSON.stringify(args.message ?? '')}.`;
    case 'send_email':
      return `In a conversation, this sends the person an email: ${JSON.stringify(args.subject ?? '')}.`;
    case 'request_human':
      return `In a conversation, this asks a person of the team to take over (reason: ${JSON.stringify(args.reason ?? '')}); the conversation waits for them.`;
    default:
      return 'Nothing to test.';
  }
}
