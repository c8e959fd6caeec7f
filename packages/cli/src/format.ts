import type {
  AgentVersionsList,
  AgentDraft,
  RestoreVersionResponse,
  TestRun,
} from '@parley/api-client';

/** A value of a change as one line of JSON ('••••' for a secret stays as the server wrote it). */
const shown = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

/** `parley diff`: each field whose draft differs from the live version. */
export function formatDiff(agent: string, diff: AgentDraft): string {
  if (!diff.draft_changed || diff.changes.length === 0)
    return `${agent}: no unpublished changes (the draft is the live version).`;
  const lines = [
    `${agent}: ${diff.changes.length} unpublished change${diff.changes.length === 1 ? '' : 's'}`,
  ];
  for (const change of diff.changes) {
    lines.push(
      '',
      change.field,
      `  - live:  ${shown(change.live)}`,
      `  + draft: ${shown(change.draft)}`,
    );
  }
  return lines.join('\n');
}

const date = (iso: string) => iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');

/** `parley versions`: newest first, the live one marked. */
export function formatVersions(agent: string, answer: AgentVersionsList): string {
  const head =
    answer.live_version === null
      ? `${agent}: not published yet`
      : `${agent}: version ${answer.live_version} is live`;
  const draft = answer.draft_changed
    ? 'The draft has unpublished changes.'
    : 'The draft is the live version.';
  if (answer.versions.length === 0) return `${head}. ${draft}`;
  const rows = answer.versions.map((v) => [
    `${v.version === answer.live_version ? '*' : ' '} ${v.version}`,
    date(v.published_at),
    v.published_by ?? '—',
    [v.restored_from !== null ? `(restored from ${v.restored_from})` : '', v.note ?? '']
      .filter(Boolean)
      .join(' '),
  ]);
  const table = [['  VERSION', 'PUBLISHED', 'BY', 'NOTE'], ...rows];
  const widths = [0, 1, 2].map((i) => Math.max(...table.map((r) => r[i]!.length)));
  const lines = table.map((r) =>
    r
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  return [`${head}. ${draft}`, '', ...lines].join('\n');
}

/** `parley rollback`: what is live now. */
export const formatRestore = (agent: string, answer: RestoreVersionResponse) =>
  `${agent}: version ${answer.restored_from} is live again, as version ${answer.version}.`;

/** `parley test`: each test with its outcome, what failed and why, and the totals. */
export function formatTestRun(agent: string, run: TestRun): string {
  const lines = [`${agent}: test run ${run.id}`];
  for (const result of run.results) {
    const rate =
      result.repetitions > 1
        ? ` (${Math.round(result.pass_rate * 100)}% of ${result.repetitions})`
        : '';
    lines.push(`${result.passed ? 'PASS' : 'FAIL'}  ${result.name}${rate}`);
    if (result.passed) continue;
    result.turns.forEach((turn, i) => {
      if (turn.passed) return;
      lines.push(`      turn ${i + 1}: ${JSON.stringify(turn.user)}`);
      if (turn.error) lines.push(`        error: ${turn.error}`);
      for (const e of turn.expectations.filter((x) => !x.passed))
        lines.push(`        ✗ ${e.detail}`);
    });
  }
  if (run.error) lines.push(`Error: ${run.error}`);
  lines.push(
    `${run.passed_count} passed, ${run.failed_count} failed, ${run.total} in all: ${run.status === 'passed' ? 'PASSED' : 'FAILED'}`,
  );
  return lines.join('\n');
}
