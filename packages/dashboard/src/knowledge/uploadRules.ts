import { acceptedDocumentTypes, type ChunkSettings } from '@parley/api-client';

/** The upload panel's three modes (spec §2). */
export const uploadModes = [
  { value: 'text', label: 'Text Content' },
  { value: 'file', label: 'File Upload' },
  { value: 'url', label: 'From URL' },
] as const;
export type UploadMode = (typeof uploadModes)[number]['value'];

/** pdf, doc, docx and txt (spec §5). */
export const acceptedFileTypes: string[] = [...acceptedDocumentTypes];
/** The server refuses larger uploads; the drop zone says so up front. */
export const maxUploadBytes = 10 * 1024 * 1024;

export interface UploadFormState {
  name: string;
  content: string;
  url: string;
  file: { name: string } | null;
}

/**
 * Upload is enabled when: text mode has a name and content; file mode has a name and a file;
 * url mode has a url (spec §5). Blank (whitespace-only) values count as missing.
 */
export function canUpload(mode: UploadMode, form: UploadFormState): boolean {
  const has = (value: string) => value.trim().length > 0;
  switch (mode) {
    case 'text':
      return has(form.name) && has(form.content);
    case 'file':
      return has(form.name) && form.file !== null;
    case 'url':
      return isWebAddress(form.url);
  }
}

/** The rule a URL must meet to be imported: a full http:// or https:// address with a host. */
export const webAddressRule = 'Enter a full web address starting with http:// or https://';

/** A full http(s) address with a host ('example.com/page' or 'not a url' are not). */
export function isWebAddress(value: string): boolean {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The URL field's message: none while empty or valid, else the rule. */
export function urlFieldError(value: string): string | undefined {
  return value.trim() && !isWebAddress(value) ? webAddressRule : undefined;
}

/**
 * After a file is picked the name field takes the file's name, unless the user typed one (a name
 * that is just the previously picked file's name was not typed, so it follows the new file).
 */
export function nameAfterFilePicked(
  currentName: string,
  file: { name: string },
  previousFile?: { name: string } | null,
): string {
  const typed = currentName.trim() && currentName !== previousFile?.name;
  return typed ? currentName : file.name;
}

/** The name sent with a file: the typed name, else the file's name. */
export function fileUploadName(name: string, file: { name: string }): string {
  return name.trim() || file.name;
}

/** The URL mode's name is optional: blank is left out so the server names it from the page. */
export function urlUploadName(name: string): string | undefined {
  return name.trim() || undefined;
}

interface UploadCommon {
  indexingTechnique: string;
  chunkSettings: ChunkSettings;
}

/** What the upload panel asks to add, by mode. */
export type AddDocumentInput =
  | ({ mode: 'text'; name: string; content: string } & UploadCommon)
  | ({ mode: 'file'; file: File; name: string } & UploadCommon)
  | ({ mode: 'url'; url: string; name?: string } & UploadCommon);
