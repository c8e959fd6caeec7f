// TextField uses the shared field styles (../../theme/field.css.ts), shared with the other inputs.
export { field, input, label } from '../../theme/field.css';
