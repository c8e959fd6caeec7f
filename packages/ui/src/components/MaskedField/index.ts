export { MaskedField } from './MaskedField';
export type { MaskedFieldProps } from './MaskedField';
export { maskValue, MASK_CHAR } from './maskValue';
