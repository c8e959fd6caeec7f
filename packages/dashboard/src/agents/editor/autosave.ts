/**
 * The editor's autosave machine (spec §4, §9), framework-free: timers come from an injected
 * scheduler so tests drive them with fake timers. The hook wraps it; views render its snapshot.
 *
 * - Each channel saves a delay after its last change (debounced): model 2 s, prompt 2 s after
 *   typing stops, local state 1 s, knowledge selection 500 ms.
 * - Only one save runs at a time; a save whose timer fires meanwhile is skipped, and re-armed
 *   when the running save ends so the change is not lost.
 * - Success messages show at most once every 2 s and clear after 4 s; errors clear after 6 s.
 *   Info/error banners clear after 5000 ms. A provider change raises a 300 ms guard.
 */

export const saveChannels = ['model', 'prompt', 'local', 'knowledge'] as const;
export type SaveChannel = (typeof saveChannels)[number];

export const autosaveDelays: Record<SaveChannel, number> = {
  model: 2000,
  prompt: 2000,
  local: 1000,
  knowledge: 500,
};

export const autosaveTimers = {
  /** Success is shown at most once per this many ms. */
  successThrottleMs: 2000,
  successClearMs: 4000,
  errorClearMs: 6000,
  bannerClearMs: 5000,
  providerGuardMs: 300,
} as const;

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'error';
export type MessageTone = 'success' | 'error';
export type BannerTone = 'info' | 'error' | 'success' | 'warning';

export interface AutosaveMessage {
  tone: MessageTone;
  text: string;
}
export interface AutosaveBanner {
  tone: BannerTone;
  text: string;
}

export interface AutosaveSnapshot {
  status: AutosaveStatus;
  /** Edits not saved yet (pending or skipped channels). */
  dirty: boolean;
  /** The channel being saved, while saving. */
  savingChannel: SaveChannel | null;
  /** The last failure's text (status 'error'). */
  error: string | null;
  /** Time (scheduler clock, ms) of the last successful save. */
  lastSavedAt: number | null;
  /** Green success / red error message (cleared after 4 s / 6 s). */
  message: AutosaveMessage | null;
  /** Info or error banner (cleared after 5000 ms). */
  banner: AutosaveBanner | null;
  /** True for 300 ms after a provider change. */
  providerChanging: boolean;
}

/**
 * The status strip text (spec §4 "Auto-save indicator"). While a field cannot be saved
 * (`blocked`: 'Not saved: {field} {reason}') that is the one truth shown in place of 'Ready',
 * 'Unsaved changes', 'All changes saved' or 'Changes detected'.
 */
export function autosaveStatusText(
  s: Pick<AutosaveSnapshot, 'status' | 'dirty' | 'error'>,
  blocked?: string | null,
): string {
  if (blocked && (s.status === 'saved' || s.status === 'idle')) return blocked;
  switch (s.status) {
    case 'saving':
      return 'Auto-saving...';
    case 'saved':
      return s.dirty ? 'Changes detected' : 'All changes saved';
    case 'error':
      return `Save failed: ${s.error || 'Unknown error'}`;
    default:
      return s.dirty ? 'Unsaved changes' : 'Ready';
  }
}

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const realScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * What a channel's save resolves with: an optional success message to show, and `partial` when a
 * field was left out (it cannot be saved): the save then does not count as the last save.
 */
export type SaveResult = { message?: string; partial?: boolean } | void;

export interface AutosaveOptions {
  /** Performs one channel's save; rejects with an Error whose message is shown. */
  save: (channel: SaveChannel) => Promise<SaveResult>;
  /**
   * Maps a failure to the status strip's reason and the red message (default: the error's
   * message, and 'Save failed: {reason or Unknown error}').
   */
  describeError?: (channel: SaveChannel, error: unknown) => SaveFailure;
  scheduler?: Scheduler;
  delays?: Partial<Record<SaveChannel, number>>;
}

export interface Autosave {
  /** A change on a channel: (re)starts its save timer. */
  change(channel: SaveChannel): void;
  /** Drops a pending save of a channel (e.g. the model save on a provider change). */
  cancel(channel: SaveChannel): void;
  /** Saves a channel now (skipped while another save runs, then re-armed). */
  flush(channel: SaveChannel): Promise<void>;
  /** Shows a success or error message (success throttled to once per 2 s). */
  notify(tone: MessageTone, text: string): void;
  /** Shows a banner that clears after 5000 ms. */
  showBanner(tone: BannerTone, text: string): void;
  dismissMessage(): void;
  dismissBanner(): void;
  /** Marks a provider change in progress for 300 ms. */
  beginProviderChange(): void;
  isPending(channel: SaveChannel): boolean;
  getSnapshot(): AutosaveSnapshot;
  subscribe(listener: () => void): () => void;
  /** Clears every timer and pending save (unmount); the machine stays usable (StrictMode remounts). */
  dispose(): void;
}

export interface SaveFailure {
  /** Shown as 'Save failed: {reason}' in the status strip. */
  reason: string;
  /** The red error message. */
  message: string;
}

/** The text of anything thrown ('' when there is none). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

function defaultDescribe(_channel: SaveChannel, error: unknown): SaveFailure {
  const reason = reasonOf(error);
  return { reason, message: `Save failed: ${reason || 'Unknown error'}` };
}

export function createAutosave(options: AutosaveOptions): Autosave {
  const scheduler = options.scheduler ?? realScheduler;
  const delays = { ...autosaveDelays, ...options.delays };
  const describe = options.describeError ?? defaultDescribe;
  const timers = new Map<SaveChannel, unknown>();
  const skipped = new Set<SaveChannel>();
  const listeners = new Set<() => void>();
  let messageTimer: unknown = null;
  let bannerTimer: unknown = null;
  let guardTimer: unknown = null;
  let lastSuccessShownAt: number | null = null;

  let snapshot: AutosaveSnapshot = {
    status: 'idle',
    dirty: false,
    savingChannel: null,
    error: null,
    lastSavedAt: null,
    message: null,
    banner: null,
    providerChanging: false,
  };

  const isDirty = () => timers.size > 0 || skipped.size > 0;
  const set = (patch: Partial<AutosaveSnapshot>) => {
    snapshot = { ...snapshot, ...patch, dirty: isDirty() };
    listeners.forEach((l) => l());
  };

  const arm = (channel: SaveChannel) => {
    const existing = timers.get(channel);
    if (existing !== undefined) scheduler.clearTimeout(existing);
    timers.set(
      channel,
      scheduler.setTimeout(() => {
        timers.delete(channel);
        void run(channel);
      }, delays[channel]),
    );
  };

  const showMessage = (tone: MessageTone, text: string) => {
    if (tone === 'success') {
      const now = scheduler.now();
      if (
        lastSuccessShownAt !== null &&
        now - lastSuccessShownAt < autosaveTimers.successThrottleMs
      )
        return;
      lastSuccessShownAt = now;
    }
    if (messageTimer !== null) scheduler.clearTimeout(messageTimer);
    messageTimer = scheduler.setTimeout(
      () => {
        messageTimer = null;
        set({ message: null });
      },
      tone === 'success' ? autosaveTimers.successClearMs : autosaveTimers.errorClearMs,
    );
    set({ message: { tone, text } });
  };

  async function run(channel: SaveChannel): Promise<void> {
    if (snapshot.status === 'saving') {
      skipped.add(channel);
      set({});
      return;
    }
    skipped.delete(channel);
    set({ status: 'saving', savingChannel: channel, error: null });
    try {
      const result = await options.save(channel);
      set({
        status: 'saved',
        savingChannel: null,
        // A save that left a field out is not 'Last saved': what was typed is not all stored.
        ...(result && result.partial ? {} : { lastSavedAt: scheduler.now() }),
      });
      if (result && result.message) showMessage('success', result.message);
    } catch (error) {
      const failure = describe(channel, error);
      set({ status: 'error', savingChannel: null, error: failure.reason });
      showMessage('error', failure.message);
    }
    // Re-arm what was skipped while this save ran.
    const again = [...skipped];
    skipped.clear();
    again.forEach(arm);
    set({});
  }

  return {
    change(channel) {
      arm(channel);
      set({});
    },
    cancel(channel) {
      const existing = timers.get(channel);
      if (existing !== undefined) scheduler.clearTimeout(existing);
      timers.delete(channel);
      skipped.delete(channel);
      set({});
    },
    flush(channel) {
      const existing = timers.get(channel);
      if (existing !== undefined) scheduler.clearTimeout(existing);
      timers.delete(channel);
      return run(channel);
    },
    notify: showMessage,
    showBanner(tone, text) {
      if (bannerTimer !== null) scheduler.clearTimeout(bannerTimer);
      bannerTimer = scheduler.setTimeout(() => {
        bannerTimer = null;
        set({ banner: null });
      }, autosaveTimers.bannerClearMs);
      set({ banner: { tone, text } });
    },
    dismissMessage() {
      if (messageTimer !== null) scheduler.clearTimeout(messageTimer);
      messageTimer = null;
      set({ message: null });
    },
    dismissBanner() {
      if (bannerTimer !== null) scheduler.clearTimeout(bannerTimer);
      bannerTimer = null;
      set({ banner: null });
    },
    beginProviderChange() {
      if (guardTimer !== null) scheduler.clearTimeout(guardTimer);
      guardTimer = scheduler.setTimeout(() => {
        guardTimer = null;
        set({ providerChanging: false });
      }, autosaveTimers.providerGuardMs);
      set({ providerChanging: true });
    },
    isPending: (channel) => timers.has(channel) || skipped.has(channel),
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      timers.forEach((t) => scheduler.clearTimeout(t));
      timers.clear();
      skipped.clear();
      for (const t of [messageTimer, bannerTimer, guardTimer])
        if (t !== null) scheduler.clearTimeout(t);
      messageTimer = bannerTimer = guardTimer = null;
    },
  };
}
