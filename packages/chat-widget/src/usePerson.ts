import { useCallback, useEffect, useState, type MutableRefObject } from 'react';
import type { ChatWidgetConfig } from './config';
import type { PersonClient, PersonState } from './handoff';
import type { ChatLabels } from './i18n';
import { newId, type StoredConversation } from './store';

export interface UsePersonInput {
  config: ChatWidgetConfig;
  labels: ChatLabels;
  /** How the agent's offer is read and a person asked for; none: the button is never shown. */
  person?: PersonClient;
  open: boolean;
  conversationRef: MutableRefObject<StoredConversation>;
  commit: (next: StoredConversation) => void;
  /** Sends a visitor message through the chat (it resolves once the reply has ended). */
  send: (text: string) => Promise<void>;
  announce: (text: string) => void;
  /** A reply is streaming: asking waits for it. */
  busy: boolean;
}

/**
 * 'Talk to a person' (issue 41): shown when the agent offers it (the page says so; the widget
 * asks the agent's parameters once, when first opened). Asking before the visitor wrote anything
 * first sends 'I would like to talk to a person.' (the conversation starts with it); the answer's
 * words (inside or outside business hours) join the conversation, unless the agent just said
 * them.
 */
export function usePerson({
  config,
  labels,
  person,
  open,
  conversationRef,
  commit,
  send,
  announce,
  busy,
}: UsePersonInput) {
  const [offered, setOffered] = useState(Boolean(person) && config.talkToPerson === true);
  const [state, setState] = useState<Exclude<PersonState, 'hidden'>>('idle');

  useEffect(() => {
    if (!open || offered || !person?.offer || config.talkToPerson !== undefined) return undefined;
    const stop = new AbortController();
    person
      .offer({ agentUrl: config.agentUrl, agentKey: config.agentKey, signal: stop.signal })
      .then((yes) => {
        if (yes && !stop.signal.aborted) setOffered(true);
      })
      .catch(() => undefined);
    return () => stop.abort();
  }, [open, offered, person, config.agentUrl, config.agentKey, config.talkToPerson]);

  const ask = useCallback(async () => {
    if (!person || busy || state === 'busy') return;
    setState('busy');
    announce(labels.personAsking);
    try {
      if (!conversationRef.current.conversationId) await send(labels.personMessage);
      const conv = conversationRef.current;
      if (!conv.conversationId) throw new Error('The conversation did not start');
      const result = await person.ask({
        agentUrl: config.agentUrl,
        agentKey: config.agentKey,
        conversationId: conv.conversationId,
        user: conv.user,
      });
      const now = conversationRef.current;
      const lastBot = [...now.messages].reverse().find((m) => m.type === 'bot' && !m.error);
      if (result.message && !lastBot?.message.includes(result.message))
        commit({
          ...now,
          messages: [
            ...now.messages,
            { id: newId('m'), type: 'bot', message: result.message, timestamp: Date.now() },
          ],
        });
      announce(result.message || labels.personAsked);
      setState('asked');
    } catch (error) {
      console.warn('[Parley chat] asking for a person failed:', error);
      announce(labels.personFailed);
      setState('failed');
    }
  }, [person, busy, state, labels, conversationRef, send, config, commit, announce]);

  /** Clear: a new conversation may ask again. */
  const reset = useCallback(() => setState('idle'), []);

  return { state: (offered ? state : 'hidden') as PersonState, ask, reset };
}
