// The Overview, as the shell uses it (exported by name).
export { OverviewArea } from './OverviewArea';
export { firstNameOf } from './stats';
export { overviewKeys, useDashboardStats } from './queries';
