export { PrivacyArea, type PrivacyAreaProps } from './PrivacyArea';
