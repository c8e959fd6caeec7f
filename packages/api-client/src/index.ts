export { httpErrorMessage } from './errors';
