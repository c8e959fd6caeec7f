export { Banner } from './Banner';
export type { BannerProps, BannerTone, BannerAction } from './Banner';
export { bannerTones } from './Banner.css';
export { RetryBanner } from './RetryBanner';
export type { RetryBannerProps } from './RetryBanner';
