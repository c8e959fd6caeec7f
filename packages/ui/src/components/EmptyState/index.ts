export { EmptyState } from './EmptyState';
export type { EmptyStateProps, EmptyStateHeadingLevel } from './EmptyState';
