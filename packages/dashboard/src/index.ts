export { dashboardTabs, tabFromSearch, underDevelopmentText } from './shell/tabs';
export type { DashboardTabId } from './shell/tabs';
export { DashboardApiProvider, useDashboardApi } from './api/ApiContext';
export type {
  DashboardApi,
  Me,
  SessionUser,
  OrganizationSummary,
  AgentSummary,
} from './api/DashboardApi';
export { createDashboardApi } from './api/createDashboardApi';
export { LoginPage } from './auth/LoginPage';
export { DashboardPage } from './shell/DashboardPage';
export { AccountPage } from './account/AccountPage';
export { InvitePage } from './members/InvitePage';
export { PublicChatPage } from './chat';
export type { PublicChatPageProps } from './chat';
