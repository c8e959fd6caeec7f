// TextField uses the shared field styles (../_field/field.css.ts), shared with the other inputs.
export { field, input, label } from '../_field/field.css';
