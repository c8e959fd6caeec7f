export { voiceBackendUrl } from './voiceUrl';
