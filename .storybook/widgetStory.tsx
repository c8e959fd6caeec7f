// Story support shared by the chat and voice widget stories: a shadow-root host like the one
// mount.tsx builds, queries inside it, and the two primary colours every state is shown in.
import { createElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { within } from 'storybook/test';

/**
 * A colour with white text on it (5.5:1; the widgets pick the higher contrast), unlike the
 * default #667eea, whose #111827 text is 4.8:1 (white would be 3.7:1). axe checks both.
 */
export const customColor = '#0f766e';

/** The text colour the widgets pick on a story's primary colour. */
export const textColour = (primaryColor: string) =>
  primaryColor === customColor ? 'rgb(255, 255, 255)' : 'rgb(17, 24, 39)';

export const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

export interface ShadowHostProps {
  /** The widget's custom element name (its mount.tsx hostTag). */
  tag: string;
  css: string[];
  /** The widget's own adoptStyles (constructable stylesheets, or style elements). */
  adopt: (shadow: ShadowRoot, css: string[]) => void;
  children: ReactNode;
}

/** Renders `children` inside an open shadow root with the widget's stylesheets adopted there. */
export function ShadowHost({ tag, css, adopt, children }: ShadowHostProps) {
  const hostRef = useRef<HTMLElement>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const div = document.createElement('div');
    div.lang = 'en';
    shadow.appendChild(div);
    setContainer(div);
    return () => {
      div.remove();
      setContainer(null);
    };
  }, []);
  const cssKey = css.join('\u0000');
  useLayoutEffect(() => {
    adopt(hostRef.current!.shadowRoot!, cssKey.split('\u0000'));
  }, [cssKey, adopt]);
  return createElement(tag, { ref: hostRef }, container && createPortal(children, container));
}

/** Queries inside a widget's shadow root. */
export function shadowWidget(canvasElement: HTMLElement, tag: string) {
  const host = canvasElement.querySelector(tag);
  const root = host?.shadowRoot?.querySelector<HTMLElement>('.root');
  if (!host || !root) throw new Error('the widget did not render');
  return { host, root, ui: within(root) };
}
