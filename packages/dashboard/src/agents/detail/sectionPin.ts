/**
 * Deep links land where they point (issue 37): an agent's page opened at a section (`section=`)
 * shows that section at the top, under the sticky navbar (its CSS `scroll-margin-top`). The
 * sections above it load at their own pace (the settings panels, the Tests, the Analytics figures
 * grow by about 1,000 px), so one scroll on arrival lands on the wrong place: the section is
 * pinned instead. Each time the page's layout changes it is put back at the top, until the person
 * scrolls, clicks, touches or types (the page is theirs from then on), or `maxMs` has passed.
 */

/** What the pin needs of the page (the browser's document and window; tests give fakes). */
export interface PinEnvironment {
  getElement(id: string): HTMLElement | null;
  /** Whether the page is scrolled to its very end (nothing more can be scrolled down). */
  atPageEnd(): boolean;
  /** Calls `onChange` whenever the page's layout may have moved; returns a stop function. */
  observeLayout(onChange: () => void): () => void;
  /** Calls `onInput` on the person's first scroll, click, touch or key; returns a stop function. */
  observeInput(onInput: () => void): () => void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PinOptions {
  /** The longest the section is held (ms). */
  maxMs?: number;
  environment?: PinEnvironment;
}

/** How far (px) the section may sit from its place before it is put back. */
export const pinTolerancePx = 2;
export const pinMaxMs = 20_000;

/** The events that hand the page back to the person. */
export const personInputEvents = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Whether the element is where `scrollIntoView({ block: 'start' })` puts it (its top at its
 * scroll margin), or as near as the page allows (below it, with the page scrolled to its end).
 */
export function isPinned(el: HTMLElement, atPageEnd: boolean): boolean {
  const view = el.ownerDocument.defaultView;
  const margin = view ? parseFloat(view.getComputedStyle(el).scrollMarginTop) || 0 : 0;
  const offset = el.getBoundingClientRect().top - margin;
  return Math.abs(offset) <= pinTolerancePx || (offset > 0 && atPageEnd);
}

export function browserPinEnvironment(): PinEnvironment | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  return {
    getElement: (id) => document.getElementById(id),
    atPageEnd: () =>
      window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    observeLayout(onChange) {
      if (typeof ResizeObserver === 'undefined') return () => undefined;
      // The body grows or shrinks whenever a section loads, appears or changes size.
      const observer = new ResizeObserver(onChange);
      observer.observe(document.body);
      return () => observer.disconnect();
    },
    observeInput(onInput) {
      const options = { capture: true, passive: true } as const;
      personInputEvents.forEach((e) => window.addEventListener(e, onInput, options));
      return () =>
        personInputEvents.forEach((e) => window.removeEventListener(e, onInput, options));
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}

/**
 * Pins the element with `id` at the top of the page (see above); returns a function that
 * releases it (call it on unmount or when another section is chosen).
 */
export function pinSectionInView(id: string, options: PinOptions = {}): () => void {
  const env = options.environment ?? browserPinEnvironment();
  if (!env) return () => undefined;
  let stopped = false;
  const align = () => {
    if (stopped) return;
    const el = env.getElement(id);
    if (el && !isPinned(el, env.atPageEnd()))
      el.scrollIntoView?.({ block: 'start', behavior: 'auto' });
  };
  const stopLayout = env.observeLayout(align);
  const stopInput = env.observeInput(() => stop());
  const timer = env.setTimeout(() => stop(), options.maxMs ?? pinMaxMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    stopLayout();
    stopInput();
    env!.clearTimeout(timer);
  }
  align();
  return stop;
}
