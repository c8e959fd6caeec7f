export { SmsArea } from './SmsArea';
