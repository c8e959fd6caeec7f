import { caption, stackXl as stack } from '../styles/common.css';

export { caption, stack };
