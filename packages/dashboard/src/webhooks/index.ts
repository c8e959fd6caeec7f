export { WebhooksArea } from './WebhooksArea';
export { WebhooksPanel } from './WebhooksPanel';
export { DisabledWebhooksNotice } from './DisabledWebhooksBanner';
