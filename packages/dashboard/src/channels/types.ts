/** A screen's last outcome (assign, unassign, send, sync …), shown in a banner. */
export interface Notice {
  tone: 'success' | 'error' | 'info';
  message: string;
}

/** Banner timers of spec §9: a sync success clears after 3 s, failures and others after 5 s. */
export const syncSuccessMs = 3000;
export const bannerMs = 5000;

/** An agent offered in an assign modal. */
export interface AgentOption {
  /** The agent id (prefix_uuid). */
  id: string;
  /** The agent prefix (or its name) shown in the list. */
  label: string;
}

/** The two pages of every channel tab. */
export type ChannelTab = 'inbound' | 'outbound';
