import { and, eq, inArray } from 'drizzle-orm';
import {
  fillVariables,
  toolStepSchema,
  type ExpectationResult,
  type TestResult,
  type ToolStep,
  type TurnResult,
} from '@parley/api-client';
import { z } from 'zod';
import { conversations, documents } from '../db/schema';
import { collect, startTurn, type RuntimeDeps } from '../runtime/chat';
import type { ServedAgent } from '../runtime/servedAgent';
import { retrieveSegments, type VectorIndex } from '../knowledge/retrieve';
import {
  checkCallsTool,
  checkContains,
  checkEndsCall,
  checkNotContains,
  checkRegex,
  checkUsesKnowledge,
  unmatchedMocks,
  type TurnEvidence,
} from './expectations';
import { agentModel, judgeAnswer } from './judge';
import type { TestRow } from './store';
import { speechPipeline, type SpeechPipeline } from './speech';

export interface RunnerDeps extends Omit<RuntimeDeps, 'retrieve'> {
  vector: VectorIndex | null;
  /** The runtime's turn (injectable in unit tests); the chat runtime's by default. */
  startTurn?: typeof startTurn;
  /** Milliseconds now (latency per turn); performance.now by default. */
  now?: () => number;
}

const toolStepsSchema = z.array(toolStepSchema);

/**
 * The tool calls of a turn, as the runtime records them (`toolSteps`, the Action Agents issue);
 * a turn without them called no tool.
 */
export function toolStepsOf(turn: unknown): ToolStep[] {
  const steps = (turn as { toolSteps?: unknown }).toolSteps;
  const parsed = toolStepsSchema.safeParse(steps ?? []);
  return parsed.success ? parsed.data : [];
}

type Sources = TurnResult['sources'];

/**
 * The runtime's retrieval (the agent's enabled bases, top_k 4), keeping which documents the
 * passages came from; a test run counts no hits.
 */
function recordingRetrieve(deps: RunnerDeps, sources: Sources): RuntimeDeps['retrieve'] {
  return async (agent, query, _turn, head) => {
    const found = await retrieveSegments(
      deps.db,
      { organizationId: agent.organizationId, knowledgeBaseIds: agent.knowledgeBaseIds, query },
      deps.vector,
      { hitCounts: 'background', hitCountsAfter: Promise.resolve(false), head },
    );
    const ids = [...new Set(found.map((s) => s.documentId))];
    const bases = ids.length
      ? await deps.db
          .select({ id: documents.id, kb: documents.knowledgeBaseId })
          .from(documents)
          .where(inArray(documents.id, ids))
      : [];
    const baseOf = new Map(bases.map((b) => [b.id, b.kb]));
    for (const s of found)
      if (!sources.some((x) => x.document_id === s.documentId))
        sources.push({
          document_id: s.documentId,
          document_name: s.documentName,
          knowledge_base_id: baseOf.get(s.documentId) ?? null,
        });
    return found.map((s) => ({ content: s.content, source: s.documentName }));
  };
}

/** One repetition of a test: its turns through the runtime, each checked. */
async function runOnce(
  deps: RunnerDeps,
  agent: ServedAgent,
  test: TestRow,
  runId: string,
  judge: () => ReturnType<typeof agentModel>,
  speech: SpeechPipeline | null,
): Promise<{ turns: TurnResult[]; steps: ToolStep[] }> {
  const start = deps.startTurn ?? startTurn;
  const now = deps.now ?? (() => performance.now());
  const vars = test.variables ?? {};
  const mocks = Object.fromEntries((test.toolMocks ?? []).map((m) => [m.tool_id, m.output]));
  const turns: TurnResult[] = [];
  const allSteps: ToolStep[] = [];
  const transcript: Array<{ user: string; answer: string }> = [];
  let conversationId: string | undefined;
  // A voice run, or a test that checks ends_call, talks to the agent as a call.
  const channel: 'voice' | 'chat' =
    speech || test.turns.some((t) => t.expect.some((e) => e.type === 'ends_call'))
      ? 'voice'
      : 'chat';
  try {
    for (const scripted of test.turns) {
      const written = fillVariables(scripted.user, vars);
      const sources: Sources = [];
      let answer = '';
      let error: string | null = null;
      let offline = false;
      let steps: ToolStep[] = [];
      let endedCall = false;
      let heard: string | null = null;
      let voiceSeconds: number | null = null;
      let query = written;
      const began = now();
      try {
        if (speech) {
          // The agent answers what the transcriber heard of the spoken line.
          heard = await speech.hear(written);
          if (!heard)
            throw new Error('Voice run: the transcriber heard nothing of the spoken line');
          query = heard;
        }
        // `toolMocks` (by tool id) is read by the runtime's tool calls where there are any.
        const input = {
          query,
          user: `agent-test:${runId}`,
          conversationId,
          toolMocks: mocks,
          channel,
          // An agent test is a member's (its sends are the member's, not a visitor's).
          member: true,
        };
        const turn = await start(
          { ...deps, retrieve: recordingRetrieve(deps, sources) },
          agent,
          input,
        );
        conversationId = turn.conversationId;
        offline = turn.offline;
        answer = await collect(turn);
        steps = toolStepsOf(turn);
        endedCall = Boolean(turn.actions?.endCall || turn.actions?.transferCall);
        if (speech) voiceSeconds = await speech.voice(answer);
      } catch (e) {
        error = (e as Error).message || String(e);
      }
      const latency = Math.max(0, Math.round(now() - began));
      allSteps.push(...steps);
      transcript.push({ user: query, answer });
      const evidence: TurnEvidence = { answer, sources, toolSteps: steps, endedCall };
      const expectations: ExpectationResult[] = [];
      for (const e of scripted.expect) {
        const value = fillVariables(e.value, vars);
        if (error) {
          expectations.push({
            type: e.type,
            value,
            passed: false,
            detail: `The agent did not answer: ${error}`,
          });
          continue;
        }
        expectations.push({ type: e.type, value, ...(await check(e, value, evidence)) });
      }
      turns.push({
        // The scripted line (a voice run's `heard` is what the agent answered).
        user: written,
        answer,
        passed: !error && expectations.every((x) => x.passed),
        latency_ms: latency,
        offline,
        error,
        expectations,
        sources,
        tool_steps: steps,
        ended_call: endedCall,
        heard,
        voice_seconds: voiceSeconds,
      });
      // A turn the agent could not answer ends the script (the next turns would not make sense).
      if (error) break;
    }
  } finally {
    // The run's conversation is not a visitor's: it does not stay in the logs.
    if (conversationId)
      await deps.db
        .delete(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(conversations.organizationId, agent.organizationId),
          ),
        );
  }
  return { turns, steps: allSteps };

  async function check(
    e: TestRow['turns'][number]['expect'][number],
    value: string,
    evidence: TurnEvidence,
  ): Promise<Pick<ExpectationResult, 'passed' | 'detail' | 'reasoning'>> {
    switch (e.type) {
      case 'contains':
        return checkContains(evidence.answer, value);
      case 'not_contains':
        return checkNotContains(evidence.answer, value);
      case 'regex':
        return checkRegex(evidence.answer, value);
      case 'uses_knowledge':
        return checkUsesKnowledge(evidence.sources, value);
      case 'calls_tool':
        return checkCallsTool(evidence.toolSteps, value, e.arguments);
      case 'ends_call':
        return checkEndsCall(evidence.endedCall, value);
      case 'judge': {
        const { model, missing } = await judge();
        if (!model) return { passed: false, detail: missing, reasoning: null };
        return judgeAnswer(model, { criterion: value, transcript });
      }
    }
  }
}

/** Runs a test (its repetitions) through the given version of the agent: pass rate and transcript. */
export async function runTest(
  deps: RunnerDeps,
  agent: ServedAgent,
  test: TestRow,
  runId: string,
  options: { voice?: boolean } = {},
): Promise<Omit<TestResult, 'previous_run_id' | 'changes'>> {
  let model: ReturnType<typeof agentModel> | null = null;
  const judge = () => (model ??= agentModel({ ...deps }, agent));
  const repetitions = Math.max(1, test.repetitions ?? 1);
  let passes = 0;
  let shown: TurnResult[] | null = null;
  let failing: TurnResult[] | null = null;
  const steps: ToolStep[] = [];
  let speech: SpeechPipeline | null = null;
  try {
    if (options.voice)
      speech = await speechPipeline(
        test.turns.map((t) => fillVariables(t.user, test.variables ?? {})),
      );
    for (let i = 0; i < repetitions; i++) {
      const once = await runOnce(deps, agent, test, runId, judge, speech);
      steps.push(...once.steps);
      const passed = once.turns.length === test.turns.length && once.turns.every((t) => t.passed);
      if (passed) passes++;
      else failing ??= once.turns;
      shown = once.turns;
    }
  } finally {
    await speech?.close();
  }
  return {
    test_id: test.id,
    name: test.name,
    passed: passes === repetitions,
    pass_rate: passes / repetitions,
    repetitions,
    turns: failing ?? shown ?? [],
    unmatched_mocks: unmatchedMocks(
      (test.toolMocks ?? []).map((m) => m.tool_id),
      steps,
    ),
  };
}
