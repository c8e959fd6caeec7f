export { IntegrationsArea } from './IntegrationsArea';
export { IntegrationsPanel } from './IntegrationsPanel';
export type { IntegrationsPanelProps, ProviderActivity } from './IntegrationsPanel';
export { integrationsHref } from './links';
export { ChangeVoiceModal } from './ChangeVoiceModal';
export type { ChangeVoiceModalProps } from './ChangeVoiceModal';
export { useIntegrations, useProviderVoices } from './queries';
