import { useEffect, useState } from 'react';
import { ApiError, plainMessageOf } from '@parley/api-client';
import { Banner, Spinner } from '@parley/ui';
import { BusinessHoursEditor } from './BusinessHoursEditor';
import {
  errorsFromIssues,
  fieldOfError,
  hoursTexts,
  toForm,
  toRequest,
  validateForm,
  type BusinessHoursForm,
  type HoursErrors,
} from './businessHoursForm';
import { useBusinessHours, useSaveBusinessHours } from './queries';
import * as styles from './handoff.css';

/** A refused save: its errors at their fields, or a message naming none. */
function refusal(error: unknown): { errors: HoursErrors; message: string | null } {
  const body = error instanceof ApiError ? (error.body as { issues?: unknown }) : null;
  if (Array.isArray(body?.issues) && body.issues.length)
    return {
      errors: errorsFromIssues(body.issues as Array<{ field: string; message: string }>),
      message: null,
    };
  const named = error instanceof Error ? fieldOfError(error.message) : null;
  if (named) return { errors: { [named.field]: named.message }, message: null };
  return { errors: {}, message: plainMessageOf(error) };
}

/**
 * Container of Settings → Business hours: the organization's hours, checked by the contract's
 * schema before they are sent; owners and admins save them (a member sees them, disabled).
 */
export default function BusinessHoursArea({
  orgId,
  role,
}: {
  orgId: string;
  role?: string | null;
}) {
  const hours = useBusinessHours(orgId);
  const save = useSaveBusinessHours(orgId);
  const [form, setForm] = useState<BusinessHoursForm | null>(null);
  const [errors, setErrors] = useState<HoursErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (hours.data && !form) setForm(toForm(hours.data));
  }, [hours.data, form]);
  const canEdit = (role ?? '').split(',').some((r) => ['owner', 'admin'].includes(r.trim()));

  if (hours.error)
    return (
      <Banner tone="error" title={hoursTexts.loadFailed} message={plainMessageOf(hours.error)} />
    );
  if (!form)
    return (
      <div className={styles.center}>
        <Spinner label={hoursTexts.loading} />
      </div>
    );
  return (
    <BusinessHoursEditor
      form={form}
      onChange={(next) => {
        setForm(next);
        setSaved(false);
        setSaveError(null);
        if (Object.keys(errors).length) setErrors(validateForm(next));
      }}
      onSave={() => {
        const found = validateForm(form);
        setErrors(found);
        if (Object.keys(found).length) return;
        save.mutate(toRequest(form), {
          onSuccess: (answer) => {
            setForm(toForm(answer));
            setSaved(true);
          },
          onError: (error) => {
            const r = refusal(error);
            setErrors(r.errors);
            setSaveError(r.message);
          },
        });
      }}
      saving={save.isPending}
      saved={saved}
      errors={errors}
      saveError={saveError}
      canEdit={canEdit}
    />
  );
}
