export { PhoneNumbersArea } from './PhoneNumbersArea';
export { PhoneNumbersScreen } from './PhoneNumbersScreen';
export { SandboxNotice, sandboxNoticeText } from './SandboxNotice';
