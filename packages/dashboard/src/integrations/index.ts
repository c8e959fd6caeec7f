export { IntegrationsArea } from './IntegrationsArea';
export { IntegrationsPanel } from './IntegrationsPanel';
export type { IntegrationsPanelProps, ProviderActivity } from './IntegrationsPanel';
export { integrationsHref } from './links';
