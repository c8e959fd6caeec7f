export { PhoneNumbersArea } from './PhoneNumbersArea';
export { PhoneNumbersScreen } from './PhoneNumbersScreen';
