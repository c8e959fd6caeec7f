export { dashboardTabs, tabFromSearch, underDevelopmentText } from './shell/tabs';
export type { DashboardTabId } from './shell/tabs';
