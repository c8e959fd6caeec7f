export { Card } from './Card';
export type { CardProps, CardElement, CardHeadingLevel } from './Card';
