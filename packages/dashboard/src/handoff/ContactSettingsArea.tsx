import { useEffect, useState } from 'react';
import { ApiError, plainMessageOf } from '@parley/api-client';
import { ContactSettings } from './ContactSettings';
import { useAlerts, useProfile, useSaveAlerts, useSaveProfile } from './queries';

/** The field's own message of a 400 ('phone_number: must be …' → 'must be …'). */
function fieldMessage(error: unknown, field: string): string {
  const body = error instanceof ApiError ? (error.body as { issues?: unknown }) : null;
  const issues = Array.isArray(body?.issues) ? (body.issues as Array<Record<string, unknown>>) : [];
  const own = issues.find((i) => i.field === field);
  if (own && typeof own.message === 'string') return own.message;
  return plainMessageOf(error);
}

/** Container of the account's 'When a conversation needs a person' card. */
export default function ContactSettingsArea({ orgId }: { orgId: string }) {
  const profile = useProfile();
  const alerts = useAlerts(orgId);
  const saveProfile = useSaveProfile();
  const saveAlerts = useSaveAlerts(orgId);
  const [phone, setPhone] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (profile.data) setPhone(profile.data.phone_number ?? '');
  }, [profile.data]);
  const loadError = profile.error ?? alerts.error;
  return (
    <ContactSettings
      loading={profile.isPending || alerts.isPending}
      loadError={loadError ? plainMessageOf(loadError) : null}
      phone={phone}
      onPhoneChange={(value) => {
        setPhone(value);
        setSaved(false);
        saveProfile.reset();
      }}
      onSavePhone={() =>
        saveProfile.mutate(phone.trim() || null, {
          onSuccess: (answer) => {
            setPhone(answer.phone_number ?? '');
            setSaved(true);
          },
        })
      }
      savingPhone={saveProfile.isPending}
      phoneSaved={saved}
      phoneError={saveProfile.error ? fieldMessage(saveProfile.error, 'phone_number') : null}
      emailAlerts={
        saveAlerts.isPending ? Boolean(saveAlerts.variables) : (alerts.data?.handoff_email ?? false)
      }
      onEmailAlertsChange={(on) => saveAlerts.mutate(on)}
      savingAlerts={saveAlerts.isPending}
      alertsError={saveAlerts.error ? plainMessageOf(saveAlerts.error) : null}
      mailer={alerts.data?.mailer ?? false}
    />
  );
}
