export { configFromScript, defaultPrimaryColor } from './config';
export type { ChatWidgetConfig } from './config';
