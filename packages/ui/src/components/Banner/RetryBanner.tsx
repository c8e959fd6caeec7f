import { Banner, type BannerProps } from './Banner';

export interface RetryBannerProps extends Omit<BannerProps, 'tone' | 'action'> {
  /** Shows a Retry button that calls this; without it, the banner only tells. */
  onRetry?: () => void;
  /** The button's text (default 'Retry'). */
  retryLabel?: string;
}

/** What failed to load, as an error banner with Retry when the caller can try again. */
export function RetryBanner({ onRetry, retryLabel = 'Retry', ...rest }: RetryBannerProps) {
  return (
    <Banner
      tone="error"
      action={onRetry ? { label: retryLabel, onClick: onRetry } : undefined}
      {...rest}
    />
  );
}
