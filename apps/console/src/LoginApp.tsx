import { StandaloneLoginPage } from '@parley/dashboard/login';

/**
 * The /login page served on its own (login.html): the same tree is rendered to HTML at build
 * time (src/prerender.tsx) and by the browser over that HTML (src/login.tsx), so the first
 * paint is the HTML's and the script only takes over the nodes already there.
 */
export function LoginApp() {
  return <StandaloneLoginPage />;
}
