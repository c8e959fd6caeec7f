// `npm run bench -- redaction`: what redacted storage costs per message (privacy/redact.ts, all six
// detectors, region US) over a corpus of BENCH_MESSAGES (10,000) chat messages made from a fixed
// seed: plain questions, messages with a card, a phone number, an e-mail address, an IBAN, an SSN
// or an IP, look-alikes (order numbers, dates, prices, versions, tracking numbers) and 5 % long
// mails (2–8 KB, 2 % of the corpus; their cost per KB is reported too). Goal: p95 ≤ 1 ms per message. Also the time per character of adversarial input
// (long runs of digits, separators, '@', IBAN-like pairs) at two sizes: equal figures = linear.
import { redact } from '../apps/server/src/privacy/redact';

const count = Number(process.env.BENCH_MESSAGES ?? 10_000);
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'redaction', ...o }));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 1000) / 1000;
};

/** mulberry32: the same corpus on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(42);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const plain = [
  'Hi, what are your opening hours on Saturday?',
  'Can I change the delivery address of my order?',
  'The app crashes when I open the settings page, any idea?',
  'Do you ship to Canada and how long does it take?',
  'Thanks, that solved it!',
  'I would like to cancel my subscription at the end of the month.',
];
const personal = [
  'My card is 4111 1111 1111 1111, expiry 12/27.',
  'Please charge 5555555555554444 again.',
  'Call me back at (415) 555-2671 after 5pm.',
  'My number is +44 20 7946 0958.',
  'You can reach me at jane.doe@example.com or j.doe@work.example.org',
  'Refund to IBAN DE89 3704 0044 0532 0130 00 please.',
  'My SSN is 123-45-6789.',
  'I connect from 192.168.10.4 and it fails.',
];
const lookalikes = [
  'Order #100234 placed 2024-05-12 10:30:00 for $1,299.99.',
  'Tracking 1Z999AA10123456784 and USPS 9400 1000 0000 0000 0000 00.',
  'Upgraded to version 1.2.3.4 yesterday, build 20240512.',
  'Invoice 2024/00017, total 4,111.11 EUR, reference ORD-2024-000123.',
  'Meeting on 12/05/2024 at 10:30:45, room 415.',
];

function message(): string {
  const r = rand();
  if (r < 0.02) {
    // A long mail: paragraphs of the other kinds.
    const parts: string[] = [];
    const size = 2000 + Math.floor(rand() * 6000);
    while (parts.join('\n').length < size) parts.push(pick([...plain, ...personal, ...lookalikes]));
    return parts.join('\n');
  }
  if (r < 0.45) return pick(plain);
  if (r < 0.8) return `${pick(plain)} ${pick(personal)}`;
  return `${pick(lookalikes)} ${pick(plain)}`;
}

const corpus = Array.from({ length: count }, message);
// Warm up (JIT, libphonenumber's metadata).
for (const m of corpus.slice(0, 500)) redact(m, { region: 'US' });

const times: number[] = [];
const perKb: number[] = [];
let replaced = 0;
for (const m of corpus) {
  const t0 = performance.now();
  const out = redact(m, { region: 'US' });
  const ms = performance.now() - t0;
  times.push(ms);
  if (m.length >= 2000) perKb.push((ms * 1024) / m.length);
  replaced += Object.values(out.counts).reduce((a, b) => a + (b ?? 0), 0);
}
const chars = corpus.reduce((n, m) => n + m.length, 0);
emit({
  figure: 'per_message_ms',
  messages: count,
  mean_chars: Math.round(chars / count),
  replaced,
  p50: pct(times, 50),
  p95: pct(times, 95),
  p99: pct(times, 99),
  max: pct(times, 100),
  goal_p95: 1,
});
emit({
  figure: 'long_mail_ms_per_kb',
  mails: perKb.length,
  p50: pct(perKb, 50),
  p95: pct(perKb, 95),
});

// Adversarial input: time per character at 20 KB and 200 KB (a quadratic scan would be 10× slower
// per character at the larger size).
for (const unit of ['1 ', '1-', 'a@', 'DE89 ', '1.', 'a:', '4111 ', '+1 ']) {
  const perChar: number[] = [];
  for (const size of [20_000, 200_000]) {
    const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const t0 = performance.now();
    redact(text, { region: 'US' });
    perChar.push(((performance.now() - t0) * 1000) / size);
  }
  emit({
    figure: 'adversarial_us_per_char',
    unit,
    at_20k: Math.round(perChar[0]! * 1000) / 1000,
    at_200k: Math.round(perChar[1]! * 1000) / 1000,
  });
}
