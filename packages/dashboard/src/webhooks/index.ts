export { WebhooksArea } from './WebhooksArea';
export { WebhooksPanel } from './WebhooksPanel';
