import { useSeenBefore } from '../storage/storedFlag';
import { OverviewScreen, type OverviewScreenProps } from './OverviewScreen';

/** Remembers (per user, in this browser) that the Overview was seen: 'Welcome' once, then 'Welcome back'. */
export const welcomedKey = (userId: string) => `parley.welcomed.${userId}`;

export function OverviewArea({
  userId,
  ...props
}: Omit<OverviewScreenProps, 'returning'> & { userId: string }) {
  const returning = useSeenBefore(welcomedKey(userId));
  return <OverviewScreen {...props} returning={returning} />;
}
