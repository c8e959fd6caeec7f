export { Banner } from './Banner';
export type { BannerProps, BannerTone, BannerAction } from './Banner';
export { bannerTones } from './Banner.css';
