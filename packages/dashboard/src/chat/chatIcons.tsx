// The chat's icons live in the dashboard's one icon set.
export { SendIcon, StopIcon, CloseIcon, ChatIcon } from '../icons';
