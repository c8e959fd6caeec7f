export { ApiKeysArea } from './ApiKeysArea';
export { ApiKeysPanel } from './ApiKeysPanel';
