/**
 * The mail worker thread (run by the pool in ./parsePool.ts), away from the server's event loop:
 * an inbound mail's scan of its bounds, mailparser and the cut of its quoted history (`parse`),
 * and a campaign request's body read and validated (`prepareCampaign`). A refusal comes back as
 * data (classes do not survive the thread boundary).
 */
import { parseInboundHere, type InboundMail } from './inbound';
export { prepareCampaign } from './campaignRequest';
import { MailRefusedError } from './mailLimits';

export type ParseResult =
  | { mail: InboundMail }
  | { refused: { message: string; status: 400 | 413; from: string; subject: string } };

export async function parse(input: { raw: Uint8Array }): Promise<ParseResult> {
  const raw = Buffer.from(input.raw.buffer, input.raw.byteOffset, input.raw.byteLength);
  try {
    return { mail: await parseInboundHere(raw) };
  } catch (error) {
    if (error instanceof MailRefusedError)
      return {
        refused: {
          message: error.message,
          status: error.status,
          from: error.from,
          subject: error.subject,
        },
      };
    throw error;
  }
}
