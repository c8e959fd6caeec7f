import BusinessHoursArea from './BusinessHoursArea';
import * as styles from './handoff.css';

/**
 * The organization's Settings (`/?view=settings`, from the user menu): its business hours
 * (issue 41). Owners and admins change them; members see them.
 */
export default function SettingsArea({ orgId, role }: { orgId: string; role?: string | null }) {
  return (
    <section className={styles.page} aria-labelledby="settings-heading">
      <h1 id="settings-heading" className={styles.pageHeading}>
        Settings
      </h1>
      <BusinessHoursArea orgId={orgId} role={role} />
    </section>
  );
}
