// Exports of the display components (kept in its own file so each group is edited independently).
export { Badge, badgeTones } from './components/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge';
export { Card } from './components/Card';
export type { CardProps, CardElement, CardHeadingLevel } from './components/Card';
export {
  Avatar,
  avatarSizes,
  avatarColor,
  avatarColorIndex,
  avatarInitial,
} from './components/Avatar';
export type { AvatarProps, AvatarSize } from './components/Avatar';
export { Banner, bannerTones, RetryBanner } from './components/Banner';
export type { BannerProps, BannerTone, BannerAction, RetryBannerProps } from './components/Banner';
export { Spinner, spinnerSizes } from './components/Spinner';
export type { SpinnerProps, SpinnerSize } from './components/Spinner';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps, EmptyStateHeadingLevel } from './components/EmptyState';
export { StatCard } from './components/StatCard';
export type { StatCardProps } from './components/StatCard';
export {
  CopyButton,
  useCopyToClipboard,
  writeToClipboard,
  COPY_RESET_MS,
} from './components/CopyButton';
export type {
  CopyButtonProps,
  CopyStatus,
  UseCopyToClipboardOptions,
} from './components/CopyButton';
export { CopyField } from './components/CopyField';
export type { CopyFieldProps } from './components/CopyField';
export { Table, tableAligns } from './components/Table';
export type { TableProps, TableColumn, TableAlign } from './components/Table';
