/**
 * What the voice widget shows while a call runs, shipped in the call chunk (voice-livekit.js) so
 * the first script stays within its 10 KB: the agent's state (`lk.agent.state`: listening,
 * thinking, speaking) in the visitor's language, and the running transcript the worker publishes
 * on LiveKit's `lk.transcription` text streams (one stream per update, the same `lk.segment_id`
 * while a segment grows: a segment's latest text replaces its earlier text).
 */
export interface TranscriptLine {
  id: string;
  /** True for the agent, false for the visitor. */
  agent: boolean;
  text: string;
}

/** The newest `keep` segments with text, oldest first, after one segment's update. */
export function addSegment(
  lines: ReadonlyArray<TranscriptLine>,
  segment: TranscriptLine,
  keep = 3,
): TranscriptLine[] {
  const text = segment.text.trim();
  const at = lines.findIndex((l) => l.id === segment.id);
  if (at >= 0) {
    const next = [...lines];
    if (text) next[at] = { ...segment, text };
    else next.splice(at, 1);
    return next;
  }
  return text ? [...lines, { ...segment, text }].slice(-keep) : [...lines];
}

export type AgentState = 'listening' | 'thinking' | 'speaking';

/** The widget's languages (i18n.ts) → the three state texts; English otherwise. */
export const stateLabels: Record<string, Record<AgentState, string>> = {
  en: { listening: 'Listening', thinking: 'Thinking...', speaking: 'Agent speaking' },
  es: { listening: 'Escuchando', thinking: 'Pensando...', speaking: 'El agente habla' },
  fr: { listening: "À l'écoute", thinking: 'Réflexion...', speaking: "L'agent parle" },
  de: { listening: 'Hört zu', thinking: 'Denkt nach...', speaking: 'Agent spricht' },
};

/** The text for an `lk.agent.state` value; null for a state the widget does not show. */
export function stateText(language: string, value: string | undefined): string | null {
  const labels = stateLabels[language] ?? stateLabels.en!;
  return value === 'listening' || value === 'thinking' || value === 'speaking'
    ? labels[value]
    : null;
}

/** The transcript's look, added to the widget's shadow root when the call starts. */
export const transcriptCss = `
.log{position:absolute;bottom:100%;right:0;width:280px;margin-bottom:8px;display:flex;flex-direction:column;gap:4px;padding:10px 12px;background:#fff;border:1px solid #e5e7eb;border-radius:12px;box-shadow:0 6px 20px rgba(15,23,42,.18)}
.left .log{right:auto;left:0}
.log p{margin:0;align-self:flex-start;max-width:90%;padding:4px 8px;border-radius:8px;background:#f3f4f6}
.log .me{align-self:flex-end;background:var(--p);color:var(--pt)}
`;

/** Shows the lines in the widget's transcript element (emptied: hidden by the widget's CSS). */
export function renderTranscript(el: HTMLElement, lines: ReadonlyArray<TranscriptLine>): void {
  el.replaceChildren(
    ...lines.map((l) => {
      const p = document.createElement('p');
      if (!l.agent) p.className = 'me';
      p.textContent = l.text;
      return p;
    }),
  );
}

const styled = new WeakSet<ShadowRoot>();

/** Adds the transcript's stylesheet to the shadow root holding `el`, once per root. */
export function adoptTranscriptStyles(el: HTMLElement): void {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot) || styled.has(root)) return;
  styled.add(root);
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(transcriptCss);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else root.appendChild(document.createElement('style')).textContent = transcriptCss;
}
