// Shared by the runtime and voice benches: time to the first streamed byte of a request, and the
// fake OpenAI-compatible model's own time to first token asked directly.

/** Request → first body chunk (ms); the rest of the body is drained so the connection is reused. */
export async function firstByteMs(url: string, init: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  const elapsed = performance.now() - start;
  if (!res.ok || !value) throw new Error(`bench: ${res.status} from ${url}`);
  while (!(await reader.read()).done) {
    /* drain */
  }
  return elapsed;
}

/** The fake model's own time to first token: one streamed chat completion asked directly. */
export function modelFirstByteMs(modelUrl: string): Promise<number> {
  return firstByteMs(`${modelUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    }),
  });
}

/** The p-th percentile (nearest rank) of `xs`. */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
