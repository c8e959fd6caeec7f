import { forwardRef, useId, useRef, useState, type DragEvent } from 'react';
import { mergeProps, useButton, useObjectRef } from 'react-aria';
import * as f from '../../theme/field.css';
import * as styles from './FileDropzone.css';
import { describeAccept, formatBytes, partitionFiles } from './partitionFiles';
import { StrokeIcon } from '../../private/StrokeIcon';

export interface FileDropzoneProps {
  /** Visible label; it names the drop zone button, e.g. 'Knowledge documents'. */
  label: string;
  /** Accepted extensions and/or MIME types, e.g. ['.pdf', '.doc', '.docx', '.txt']; [] accepts all. */
  accept: string[];
  /** Allow several files at once (default false: one file per drop or pick). */
  multiple?: boolean;
  /** Files larger than this are rejected. */
  maxSizeBytes?: number;
  /** Called with the accepted files of a drop or pick (never with an empty list). */
  onFiles: (files: File[]) => void;
  /** Called with one message per rejected file (also shown under the zone). */
  onReject?: (reasons: string[]) => void;
  disabled?: boolean;
  className?: string;
}

function UploadIcon() {
  return (
    <StrokeIcon size={28} strokeWidth={1.8}>
      <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </StrokeIcon>
  );
}

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * A labelled drop zone for files: drop files on it, or click it / press Enter or Space to open
 * the file picker (a hidden `<input type=file>`). The zone is one button named by the label and
 * its prompt, described by the accepted types and size limit shown under it. Checks
 * each file with `partitionFiles`, hands accepted files to `onFiles` and shows (and announces) a
 * message naming each rejected file and why. The ref points at the zone button.
 */
export const FileDropzone = forwardRef<HTMLButtonElement, FileDropzoneProps>(function FileDropzone(
  { label, accept, multiple = false, maxSizeBytes, onFiles, onReject, disabled = false, className },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<string[]>([]);
  const id = useId();
  const labelId = `${id}-label`;
  const promptId = `${id}-prompt`;
  const typesId = `${id}-types`;
  const messagesId = `${id}-messages`;

  const { buttonProps } = useButton(
    { isDisabled: disabled, onPress: () => inputRef.current?.click() },
    ref,
  );

  function handleFiles(list: FileList | null | undefined) {
    if (disabled || !list || list.length === 0) return;
    const { accepted, rejected } = partitionFiles(list, accept, maxSizeBytes);
    if (!multiple && accepted.length > 1) {
      for (const extra of accepted.splice(1)) {
        rejected.push(`${extra.name}: only one file can be added at a time.`);
      }
    }
    setRejections(rejected);
    if (accepted.length > 0) onFiles(accepted);
    if (rejected.length > 0) onReject?.(rejected);
  }

  function resetDrag() {
    dragDepth.current = 0;
    setDragging(false);
  }

  const dropProps = {
    onDragEnter: (event: DragEvent<HTMLButtonElement>) => {
      if (disabled || !hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent<HTMLButtonElement>) => {
      if (disabled || !hasFiles(event)) return;
      // Allows the drop (the default is to refuse it) and shows the copy cursor.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLButtonElement>) => {
      event.preventDefault();
      resetDrag();
      handleFiles(event.dataTransfer?.files);
    },
  };

  const typesText = [
    accept.length > 0 ? `Accepted: ${describeAccept(accept)}` : 'Any file type',
    maxSizeBytes !== undefined ? `up to ${formatBytes(maxSizeBytes)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className={[f.field, className].filter(Boolean).join(' ')}>
      <span id={labelId} className={f.label}>
        {label}
      </span>
      <button
        {...mergeProps(buttonProps, dropProps)}
        ref={ref}
        // Named by the label and the visible prompt (so the name holds all of its visible text).
        aria-labelledby={`${labelId} ${promptId}`}
        aria-describedby={[typesId, rejections.length > 0 ? messagesId : null]
          .filter(Boolean)
          .join(' ')}
        data-dragging={dragging || undefined}
        className={styles.zone}
      >
        <span className={styles.icon}>
          <UploadIcon />
        </span>
        <span id={promptId} className={styles.prompt}>
          {multiple ? 'Drag and drop files here, or ' : 'Drag and drop a file here, or '}
          <span className={styles.browse}>browse</span>
        </span>
      </button>
      <p id={typesId} className={f.description}>
        {typesText}
      </p>
      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          handleFiles(event.currentTarget.files);
          // Lets the same file be picked again after a rejection.
          event.currentTarget.value = '';
        }}
      />
      <div id={messagesId} role="alert" className={styles.messages}>
        {rejections.map((message, index) => (
          <p key={`${index}:${message}`} className={f.error}>
            {message}
          </p>
        ))}
      </div>
    </div>
  );
});
