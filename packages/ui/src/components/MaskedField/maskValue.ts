/**
 * Masks a secret for display: the one masking function of Parley (`@parley/api-client/secrets`,
 * which the server uses too). At least 12 characters: only the last four show, the rest as '•'
 * ('sk-live-1234' → '••••••••1234'); shorter: '••••' whole; '' stays ''. Code points counted.
 */
export { maskSecret as maskValue, MASK_CHAR } from '@parley/api-client/secrets';
