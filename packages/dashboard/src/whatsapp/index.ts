export { WhatsappArea } from './WhatsappArea';
