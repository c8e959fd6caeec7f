/**
 * The mail contract's client, imported dynamically by createDashboardApi so that the mail
 * schemas load with the Email tab, not with the first tab.
 */
export { createMailClient } from '@parley/api-client';
