import { http, HttpResponse, delay } from 'msw';
import {
  emptyOutcomePlan,
  outcomePlanSchema,
  toValidationError,
  type OutcomePlan,
  type OutcomeRerun,
} from '@parley/api-client';
import { runningRerun } from '../outcomes/outcomeFixtures';

/**
 * An in-memory outcomes backend speaking the contract, for the container's stories: the plan
 * (GET/PUT, a refusal names its fields as the server's does), reruns (one runs, then finishes).
 * `saves` records each stored plan. Each story builds its own.
 */
export function outcomesBackend(initial: OutcomePlan = emptyOutcomePlan) {
  let plan = initial;
  const saves: OutcomePlan[] = [];
  const reruns: OutcomeRerun[] = [];
  const handlers = [
    http.get('*/api/agents/:agent/analysis', () => HttpResponse.json(plan)),
    http.put('*/api/agents/:agent/analysis', async ({ request }) => {
      const parsed = outcomePlanSchema.safeParse(await request.json());
      if (!parsed.success)
        return HttpResponse.json(toValidationError(parsed.error), { status: 400 });
      plan = parsed.data;
      saves.push(plan);
      return HttpResponse.json(plan);
    }),
    http.post('*/api/agents/:agent/analysis/rerun', async ({ request }) => {
      const body = (await request.json()) as { since: string; until?: string };
      const rerun = { ...runningRerun, since: body.since, until: body.until ?? null };
      reruns.unshift(rerun);
      return HttpResponse.json({ rerun }, { status: 202 });
    }),
    http.get('*/api/agents/:agent/analysis/reruns', () => {
      const answer = { reruns: reruns.map((r) => ({ ...r })) };
      // The next read finds it finished.
      for (const r of reruns)
        Object.assign(r, { status: 'completed', done: r.total, skipped: 0, failed: 0 });
      return HttpResponse.json(answer);
    }),
  ];
  return { handlers, saves };
}

/** The plan never answers (the loading state). */
export const outcomesLoading = [
  http.get('*/api/agents/:agent/analysis', async () => {
    await delay('infinite');
    return HttpResponse.json(emptyOutcomePlan);
  }),
  http.get('*/api/agents/:agent/analysis/reruns', () => HttpResponse.json({ reruns: [] })),
];

/** The plan cannot be read. */
export const outcomesFailing = [
  http.get('*/api/agents/:agent/analysis', () =>
    HttpResponse.json({ error: 'Agent service unavailable' }, { status: 503 }),
  ),
  http.get('*/api/agents/:agent/analysis/reruns', () => HttpResponse.json({ reruns: [] })),
];
