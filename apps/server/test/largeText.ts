/** About `bytes` of markdown prose: sections of long paragraphs (like a handbook). */
export function largeMarkdown(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes - 2000; i++) {
    const para = `Paragraph ${i} explains policy number ${i} in plain words for the front desk and the team. `;
    const part = `## Section ${i}\n\n${para.repeat(8)}\n\n${para.repeat(6)}\n\n`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** GET /healthz one after another (every `gapMs`) until `stop()`; the latencies in ms. */
export function probeHealthz(url: string, gapMs = 20) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      times.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  return {
    times,
    stop: async () => {
      running = false;
      await done;
      return { n: times.length, p50: pct(times, 50), p95: pct(times, 95), max: pct(times, 100) };
    },
  };
}
