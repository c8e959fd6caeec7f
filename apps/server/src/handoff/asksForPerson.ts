/**
 * Whether a message asks for a person of the team rather than the agent ("human", "agent",
 * "person" requests), read deterministically: the offline responder hands over on it (with a
 * model, the model decides and calls request_human). Plain words only; a negation ("I don't
 * need a person") or a question about the agent ("are you a human?") is not a request.
 */
const someone =
  '(?:a |an |the |your |some )?(?:real |live |actual |human |proper )?(?:human(?: being)?|person|agent|representative|rep|operator|somebody|someone|staff(?: member)?|team member|member of (?:the |your )?(?:team|staff)|customer service|support(?: team)?)';
const verb =
  '(?:talk|speak|chat|connect|transfer|put|get|reach|switch|escalate|hand|pass)(?:\\s+(?:me|this|us|it|over|through|back))*(?:\\s+(?:to|with|on to|onto|over to|through to))';
const want =
  '(?:want|need|like|prefer|request|have|give|get|see)(?:\\s+(?:me|to))*(?:\\s+(?:talk|speak|chat)(?:\\s+(?:to|with)))?';

const patterns = [
  new RegExp(`\\b${verb}\\s+${someone}\\b`),
  new RegExp(`\\b${want}\\s+${someone}\\b`),
  // The whole message is the request: "human", "agent please", "real person!", "operator".
  new RegExp(`^(?:${someone}|human agent|live chat)(?:\\s+(?:please|pls|now|asap))*$`),
];
const negation = /\b(?:don'?t|do not|doesn'?t|not|never|no need|without)\b/;
const aboutAgent = /^(?:are|am|is)\b/;

export function asksForPerson(text: string): boolean {
  const clean = text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || clean.length > 300) return false;
  if (negation.test(clean) || aboutAgent.test(clean)) return false;
  return patterns.some((p) => p.test(clean));
}
