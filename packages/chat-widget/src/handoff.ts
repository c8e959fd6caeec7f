import { ChatError } from './runtime';

/**
 * 'Talk to a person' (issue 41): whether the agent offers it (GET {agentUrl}/parameters,
 * `human_handoff.enabled`), and the visitor's request (POST {agentUrl}/conversations/{id}/handoff).
 * Small fetches without the contract's zod schemas (the widget's size budget).
 */
export interface PersonInput {
  agentUrl: string;
  agentKey: string;
  signal?: AbortSignal;
}

export type OfferPerson = (input: PersonInput) => Promise<boolean>;
export type AskForPerson = (
  input: PersonInput & { conversationId: string; user: string; reason?: string },
) => Promise<{ message: string; status: string }>;

export interface PersonClient {
  /** Whether the agent offers a person; left out when the page already knows (the public page). */
  offer?: OfferPerson;
  ask: AskForPerson;
}

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

export const offerPerson: OfferPerson = async (input) => {
  const res = await fetch(`${input.agentUrl}/parameters`, {
    headers: auth(input.agentKey),
    signal: input.signal,
  });
  if (!res.ok) return false;
  const body = (await res.json()) as { human_handoff?: { enabled?: unknown } };
  return body.human_handoff?.enabled === true;
};

export const askForPerson: AskForPerson = async (input) => {
  const res = await fetch(
    `${input.agentUrl}/conversations/${encodeURIComponent(input.conversationId)}/handoff`,
    {
      method: 'POST',
      headers: { ...auth(input.agentKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: input.user, ...(input.reason ? { reason: input.reason } : {}) }),
      signal: input.signal,
    },
  );
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new ChatError(String(body.error ?? `HTTP ${res.status}`), res.status);
  return { message: String(body.message ?? ''), status: String(body.status ?? '') };
};

export const personClient: PersonClient = { offer: offerPerson, ask: askForPerson };

/** The button's state: not offered, ready, asking, asked, or the last ask failed. */
export type PersonState = 'hidden' | 'idle' | 'busy' | 'asked' | 'failed';
