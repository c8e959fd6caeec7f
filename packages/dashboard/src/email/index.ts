export { EmailArea } from './EmailArea';
