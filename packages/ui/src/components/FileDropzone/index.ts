export { FileDropzone } from './FileDropzone';
export type { FileDropzoneProps } from './FileDropzone';
export { partitionFiles, isAcceptedType, describeAccept, formatBytes } from './partitionFiles';
export type { PartitionedFiles } from './partitionFiles';
