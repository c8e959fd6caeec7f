import { normalizeConfig, type ChatWidgetConfig } from '../config';

/** The id of the element in which the server gives the page its agent (JSON, never executed). */
export const pageConfigId = 'parley-chatbot';

/**
 * What the server puts into /chatbot/{id}: the agent to talk to (only this server or the agent's
 * own configured URL, checked by the server), its name and first message.
 */
export interface PageSettings {
  agentUrl: string;
  agentKey: string;
  name: string;
  greeting?: string | null;
  /** The agent offers 'Talk to a person'. */
  talkToPerson?: boolean;
}

/** The chat configuration from the page's settings element; null when it is missing or unusable. */
export function readPageConfig(doc: Document): ChatWidgetConfig | null {
  const text = doc.getElementById(pageConfigId)?.textContent;
  if (!text) return null;
  try {
    const settings = JSON.parse(text) as Partial<PageSettings>;
    const config = normalizeConfig({
      agentUrl: settings.agentUrl,
      agentKey: settings.agentKey,
      agentName: settings.name,
      greeting: settings.greeting ?? undefined,
    });
    return config && { ...config, talkToPerson: settings.talkToPerson === true };
  } catch {
    return null;
  }
}

/** The console's theme key (packages/ui themePreference.ts): the page follows the same choice. */
export const themeStorageKey = 'parley.theme';

/** 'dark' or 'light': the stored console choice, else the system's. */
export function pageTheme(
  storage: Pick<Storage, 'getItem'> | null,
  systemDark: boolean,
): 'dark' | 'light' {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(themeStorageKey) ?? null;
  } catch {
    /* storage blocked */
  }
  if (stored === 'dark' || stored === 'light') return stored;
  return systemDark ? 'dark' : 'light';
}
