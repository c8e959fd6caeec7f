export { CopyButton } from './CopyButton';
export type { CopyButtonProps } from './CopyButton';
export { useCopyToClipboard, writeToClipboard, COPY_RESET_MS } from './useCopyToClipboard';
export type { CopyStatus, UseCopyToClipboardOptions } from './useCopyToClipboard';
