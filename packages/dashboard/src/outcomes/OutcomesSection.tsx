import { useEffect, useMemo, useState } from 'react';
import { messageOf, type OutcomePlan } from '@parley/api-client';
import { Banner, Card, Spinner } from '@parley/ui';
import { OutcomesEditor } from './OutcomesEditor';
import { RerunControl } from './RerunControl';
import {
  formFromPlan,
  outcomesTexts,
  planAutosaveDelayMs,
  planFromForm,
  planSaveStatus,
  sameAsPlan,
  serverPlanErrors,
  type PlanForm,
} from './planForm';
import { daysAgo, rerunProblem, rerunRequest } from './rerunDates';
import { useOutcomePlan } from './queries';

export interface OutcomesSectionProps {
  orgId: string;
  agentId: string;
  editing: boolean;
  headingLevel?: 2 | 3;
  id?: string;
}

/**
 * The agent's Outcomes section wired to the API (through the dashboard's one context): the
 * draft's plan loaded into the form, checked with the contract's schema as it changes (a problem
 * shows at its field and in the status strip), saved to the draft a moment after the last change
 * (the server's refusal shows at its field), and re-running the analysis with the newest rerun's
 * progress.
 */
export default function OutcomesSection({
  orgId,
  agentId,
  editing,
  headingLevel = 2,
  id,
}: OutcomesSectionProps) {
  const { plan, save, reruns, rerun } = useOutcomePlan(orgId, agentId);
  const [form, setForm] = useState<PlanForm | null>(null);
  const [stored, setStored] = useState<OutcomePlan | null>(null);
  const [saved, setSaved] = useState(false);
  const [since, setSince] = useState(() => daysAgo(7));
  const [until, setUntil] = useState('');
  const [rerunError, setRerunError] = useState<string | null>(null);

  // The form starts from the stored plan once it is read (and again when it is read anew: a
  // discard, a reload), adjusted while rendering.
  const [loaded, setLoaded] = useState<OutcomePlan | undefined>(undefined);
  if (plan.data && plan.data !== loaded) {
    setLoaded(plan.data);
    if (JSON.stringify(plan.data) !== JSON.stringify(stored)) {
      setStored(plan.data);
      setForm(formFromPlan(plan.data));
    }
  }

  const checked = useMemo(() => (form ? planFromForm(form) : null), [form]);
  const dirty = form ? !sameAsPlan(form, stored) : false;
  const pending = save.isPending;
  const body = checked?.ok ? checked.plan : null;
  const bodyKey = body ? JSON.stringify(body) : null;

  // Autosave: a valid plan that differs from the stored one is saved a moment after the last
  // change; a change during a save waits for it (the effect runs again when it ends).
  useEffect(() => {
    if (!editing || !body || !dirty || pending || save.isError) return;
    const timer = setTimeout(() => {
      save.mutate(body, {
        onSuccess: (next) => {
          setStored(next);
          setSaved(true);
        },
      });
    }, planAutosaveDelayMs);
    return () => clearTimeout(timer);
    // bodyKey stands for body (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, bodyKey, dirty, pending, save.isError]);

  if (plan.error && !form)
    return (
      <Card title={outcomesTexts.heading} headingLevel={headingLevel} id={id}>
        <Banner
          tone="error"
          title={outcomesTexts.loadFailed}
          message={messageOf(plan.error)}
          action={{ label: 'Retry', onClick: () => void plan.refetch() }}
        />
      </Card>
    );
  if (!form)
    return (
      <Card title={outcomesTexts.heading} headingLevel={headingLevel} id={id}>
        <Spinner label={outcomesTexts.loading} showLabel />
      </Card>
    );

  const refusal = serverPlanErrors(save.error);
  const errors = { ...refusal, ...(checked && !checked.ok ? checked.errors : {}) };
  const status = planSaveStatus({
    errors,
    saving: pending,
    dirty,
    saved,
    failure: save.error && !Object.keys(refusal).length ? messageOf(save.error) : null,
  });

  return (
    <OutcomesEditor
      id={id}
      headingLevel={headingLevel}
      form={form}
      onChange={(next) => {
        setForm(next);
        // A new change is tried again (a refusal of the last one no longer stands).
        if (save.error) save.reset();
      }}
      errors={errors}
      editing={editing}
      status={status}
      rerun={
        <RerunControl
          since={since}
          onSinceChange={(v) => {
            setSince(v);
            setRerunError(null);
          }}
          until={until}
          onUntilChange={(v) => {
            setUntil(v);
            setRerunError(null);
          }}
          onStart={() => {
            const problem = rerunProblem(since, until);
            const request = rerunRequest(since, until);
            if (problem || !request) return setRerunError(problem);
            setRerunError(null);
            rerun.mutate(request);
          }}
          starting={rerun.isPending}
          error={rerunError ?? (rerun.error ? messageOf(rerun.error) : null)}
          latest={reruns.data?.reruns[0] ?? null}
          editing={editing}
        />
      }
    />
  );
}
