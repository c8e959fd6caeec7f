import { describe, expect, it, vi } from 'vitest';
import { pinSectionInView, type PinEnvironment } from './sectionPin';

/** A page whose layout the test moves: the section's top, and the observers the pin installs. */
function page(initialTop: number | null, atEnd = false) {
  let top = initialTop;
  const layout = new Set<() => void>();
  const input = new Set<() => void>();
  const timers = new Map<number, () => void>();
  let next = 1;
  const el = document.createElement('section');
  el.getBoundingClientRect = () => ({ top: top ?? 0 }) as DOMRect;
  el.scrollIntoView = vi.fn(() => {
    top = 0; // where block 'start' puts it (no scroll margin here)
  });
  const env: PinEnvironment = {
    getElement: () => (top === null ? null : el),
    atPageEnd: () => atEnd,
    observeLayout(fn) {
      layout.add(fn);
      return () => layout.delete(fn);
    },
    observeInput(fn) {
      input.add(fn);
      return () => input.delete(fn);
    },
    setTimeout(fn) {
      timers.set(next, fn);
      return next++;
    },
    clearTimeout: (h) => void timers.delete(h as number),
  };
  return {
    env,
    el,
    /** Content above the section loads: it moves down by `px` (or appears at `px`). */
    grow(px: number) {
      top = (top ?? 0) + px;
      layout.forEach((fn) => fn());
    },
    person: () => input.forEach((fn) => fn()),
    expire: () => [...timers.values()].forEach((fn) => fn()),
    observers: () => layout.size + input.size,
  };
}

describe('pinSectionInView', () => {
  it('scrolls to the section and puts it back each time the sections above it grow', () => {
    const p = page(1800);
    pinSectionInView('agent-section-tests', { environment: p.env });
    expect(p.el.scrollIntoView).toHaveBeenCalledTimes(1);
    p.grow(1000); // the Analytics figures arrive above it
    expect(p.el.scrollIntoView).toHaveBeenCalledTimes(2);
    expect(p.el.getBoundingClientRect().top).toBe(0);
  });

  it('waits for a section that is not on the page yet', () => {
    const p = page(null);
    pinSectionInView('agent-settings-voice', { environment: p.env });
    p.grow(700); // the settings panels render
    expect(p.el.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('does not scroll a section that is already in its place', () => {
    const p = page(1);
    pinSectionInView('agent-section-widget', { environment: p.env });
    expect(p.el.scrollIntoView).not.toHaveBeenCalled();
  });

  it('leaves a section low on the page when the page cannot scroll further', () => {
    const p = page(300, true);
    pinSectionInView('agent-section-conversations', { environment: p.env });
    expect(p.el.scrollIntoView).not.toHaveBeenCalled();
  });

  it('lets go once the person scrolls, clicks or types', () => {
    const p = page(500);
    pinSectionInView('agent-section-analytics', { environment: p.env });
    p.person();
    p.grow(300);
    expect(p.el.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(p.observers()).toBe(0);
  });

  it('lets go after its time, and when released', () => {
    const timed = page(500);
    pinSectionInView('a', { environment: timed.env });
    timed.expire();
    timed.grow(300);
    expect(timed.el.scrollIntoView).toHaveBeenCalledTimes(1);

    const released = page(500);
    pinSectionInView('b', { environment: released.env })();
    released.grow(300);
    expect(released.el.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(released.observers()).toBe(0);
  });
});
