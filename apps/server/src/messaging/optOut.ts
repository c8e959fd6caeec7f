/** Keywords that opt a person out of a number's messages (carriers' and Twilio's standard set). */
export const optOutKeywords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
/** Keywords that opt them back in. */
export const optInKeywords = ['START', 'UNSTOP', 'YES'];

/** 'opt_out', 'opt_in' or null: the whole message (trimmed, any case, trailing punctuation) is the keyword. */
export function optKeyword(body: string): { kind: 'opt_out' | 'opt_in'; keyword: string } | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (optOutKeywords.includes(word)) return { kind: 'opt_out', keyword: word };
  if (optInKeywords.includes(word)) return { kind: 'opt_in', keyword: word };
  return null;
}
