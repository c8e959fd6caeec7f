// The handoff feature (issue 41): what other features use of it. Its screens load as chunks:
// Settings → Business hours (BusinessHoursArea), the account's card (ContactSettingsArea) and
// the navbar's count (HandoffWatch) are imported by file with import().
export { handoffKeys, useWaiting, useNow } from './queries';
export { NeedsPersonView, type NeedsPersonViewProps } from './NeedsPersonView';
export { HandoffCard, type HandoffCardProps } from './HandoffCard';
export { useBrowserNotifications, type NotifyState } from './browserNotifications';
export { handoffTexts, formatWaited } from './handoffFormat';
export { WaitingNowPanel, type WaitingNowPanelProps } from './WaitingNowPanel';
