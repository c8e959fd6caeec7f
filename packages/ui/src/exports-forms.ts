// Exports of the forms components (kept in its own file so each group is edited independently).
export { Field } from './components/Field';
export type { FieldProps } from './components/Field';
export { TextField } from './components/TextField';
export type { TextFieldProps } from './components/TextField';
export { IconButton, iconButtonVariants } from './components/IconButton';
export type { IconButtonProps } from './components/IconButton';
export { TextArea } from './components/TextArea';
export type { TextAreaProps } from './components/TextArea';
export { NumberField } from './components/NumberField';
export type { NumberFieldProps } from './components/NumberField';
export { SearchField } from './components/SearchField';
export type { SearchFieldProps } from './components/SearchField';
export { Switch } from './components/Switch';
export type { SwitchProps } from './components/Switch';
export { RadioGroup } from './components/RadioGroup';
export type { RadioGroupProps, RadioOption } from './components/RadioGroup';
export { Select } from './components/Select';
export type { SelectProps, SelectItem } from './components/Select';
export { Slider } from './components/Slider';
export type { SliderProps } from './components/Slider';
export { MaskedField, maskValue, MASK_CHAR } from './components/MaskedField';
export type { MaskedFieldProps } from './components/MaskedField';
export {
  FileDropzone,
  partitionFiles,
  isAcceptedType,
  describeAccept,
  formatBytes,
} from './components/FileDropzone';
export type { FileDropzoneProps, PartitionedFiles } from './components/FileDropzone';
