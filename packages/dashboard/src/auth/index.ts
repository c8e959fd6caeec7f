// @parley/dashboard/login: the standalone login page alone (the console's /login entry imports
// this, not the package's main surface, so its bundle holds nothing else).
export { StandaloneLoginPage } from './StandaloneLoginPage';
export type { StandaloneLoginPageProps } from './StandaloneLoginPage';
export { createAuthCalls } from '../api/authCalls';
export type { AuthCalls } from '../api/authCalls';
