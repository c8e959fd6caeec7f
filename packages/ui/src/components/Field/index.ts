export { Field, fieldState } from './Field';
export type { FieldProps } from './Field';
