/**
 * Pure file checks of the FileDropzone: which dropped or picked files are accepted, and why the
 * others are not. Kept free of React so the rules are unit-tested on their own.
 */

export interface PartitionedFiles {
  accepted: File[];
  /** One message per rejected file, naming the file and the reason. */
  rejected: string[];
}

/** '1 KB', '2.5 MB', '10 MB' (binary units, at most one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/**
 * Whether a file matches an `accept` list like the one of `<input type=file>`: extensions
 * ('.pdf', case-insensitive), MIME types ('application/pdf') and wildcards ('image/*', '*').
 * An empty list accepts everything.
 */
export function isAcceptedType(file: Pick<File, 'name' | 'type'>, accept: readonly string[]) {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule === '') return false;
    if (rule === '*' || rule === '*/*') return true;
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** 'PDF, DOC, DOCX, TXT' for ['.pdf', '.doc', '.docx', '.txt']; MIME types are shown as given. */
export function describeAccept(accept: readonly string[]): string {
  return accept
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => (rule.startsWith('.') ? rule.slice(1).toUpperCase() : rule))
    .join(', ');
}

/**
 * Splits files into accepted ones and rejection messages: a file whose type is not in `accept`
 * is rejected for its type; otherwise one larger than `maxSizeBytes` (when given) for its size.
 */
export function partitionFiles(
  files: Iterable<File> | ArrayLike<File>,
  accept: readonly string[],
  maxSizeBytes?: number,
): PartitionedFiles {
  const accepted: File[] = [];
  const rejected: string[] = [];
  for (const file of Array.from(files)) {
    if (!isAcceptedType(file, accept)) {
      rejected.push(
        `${file.name}: this file type is not accepted (accepted: ${describeAccept(accept)}).`,
      );
    } else if (maxSizeBytes !== undefined && file.size > maxSizeBytes) {
      rejected.push(
        `${file.name}: the file is too large (${formatBytes(file.size)}; the limit is ${formatBytes(maxSizeBytes)}).`,
      );
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}
