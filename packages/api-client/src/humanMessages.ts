/**
 * Raw validator and system texts → words a person understands.
 *
 * The server answers bad input with '{field}: {reason}' in zod's words ('initial_message: Too
 * big: expected string to have <=2000 characters'); Node and browsers fail with codes
 * ('getaddrinfo ENOTFOUND example.com', 'Failed to fetch'); LiveKit with its own
 * ('could not establish signal connection: …'). `humanizeMessage` turns each into the field's
 * label and a plain reason, or a plain sentence. Text it does not recognise is returned as is.
 */

/** The labels the forms show for the wire fields (snake_case and camelCase names). */
export const fieldLabels: Record<string, string> = {
  initial_message: 'Initial Message',
  nudge_text: 'Nudge Text',
  nudge_interval: 'Nudge Interval',
  max_nudges: 'Max Nudges',
  typing_volume: 'Typing Volume',
  max_call_duration: 'Max Call Duration',
  system_prompt: 'System Prompt',
  prompt: 'System Prompt',
  chatbot_api: 'Agent URL',
  chatbot_key: 'Agent API Key',
  chatbot_api_key: 'Agent API Key',
  model_live_url: 'Model Live URL',
  model_api_key: 'Model API Key',
  api_key: 'API Key',
  model_provider: 'Model Provider',
  model_name: 'Model',
  provider: 'Provider',
  model: 'Model',
  allowed_origins: 'Allowed Origins',
  organization_id: 'Organization',
  name: 'Name',
  description: 'Description',
  url: 'URL',
  content: 'Content',
  query: 'Query',
  message: 'Message',
  indexingTechnique: 'Indexing technique',
  permission: 'Permission',
  chunkSize: 'Chunk size',
  chunkOverlap: 'Chunk overlap',
  minSectionSize: 'Min section size',
  maxSectionSize: 'Max section size',
  headingPriority: 'Heading priority',
  tts_config: 'Voice settings',
  stt_config: 'Transcriber settings',
  speed: 'Speed',
  stability: 'Stability',
  similarity_boost: 'Similarity boost',
  language: 'Language',
  voice_id: 'Voice ID',
};

const words = (name: string) => name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');

/** The label of a wire field path ('tts_config.openai.speed' → 'Speed'). */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  const last = parts[parts.length - 1] ?? path;
  const label = fieldLabels[last] ?? fieldLabels[path];
  if (label) return label;
  const w = words(last).trim();
  return w ? w.charAt(0).toUpperCase() + w.slice(1) : path;
}

const fieldPattern = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): (.+)$/s;

/** A validator's reason in plain words ('Too big: expected string to have <=2000 characters'). */
export function plainReason(reason: string, field?: string): string {
  let r = reason.trim();
  // 'url must be a valid http(s) URL' repeats the field's name: drop it.
  if (field) {
    const last = field.split('.').pop() ?? field;
    if (r.toLowerCase().startsWith(`${last.toLowerCase()} `)) r = r.slice(last.length + 1);
    else if (r.toLowerCase().startsWith(`${field.toLowerCase()} `)) r = r.slice(field.length + 1);
  }
  let m = /^Too big: expected string to have <=?\s*(\d+) characters?/i.exec(r);
  if (m) return `is too long (at most ${m[1]} characters)`;
  m = /^Too small: expected string to have >=?\s*(\d+) characters?/i.exec(r);
  if (m) return m[1] === '1' ? 'is required' : `is too short (at least ${m[1]} characters)`;
  m = /^Too big: expected number to be <=?\s*(-?[\d.]+)/i.exec(r);
  if (m) return `must be at most ${m[1]}`;
  m = /^Too small: expected number to be >=?\s*(-?[\d.]+)/i.exec(r);
  if (m) return `must be at least ${m[1]}`;
  m = /^Too big: expected array to have <=?\s*(\d+) items?/i.exec(r);
  if (m) return `can have at most ${m[1]} entries`;
  if (/^Invalid input: expected \w+, received (undefined|null)/i.test(r)) return 'is required';
  if (/^Invalid input: expected int/i.test(r)) return 'must be a whole number';
  if (/^Invalid input: expected number/i.test(r)) return 'must be a number';
  if (/^Invalid input: expected/i.test(r)) return 'has a value of the wrong kind';
  if (/^Invalid option: expected one of/i.test(r)) return 'is not one of the choices offered';
  if (/^(must be a valid http\(s\) URL|Invalid URL)/i.test(r))
    return 'must be a web address starting with http:// or https://';
  if (/^Invalid (string|format)/i.test(r)) return 'is not in the expected format';
  if (/^Required$/i.test(r)) return 'is required';
  return r;
}

const networkFailure =
  /^(Failed to fetch|fetch failed|Load failed|NetworkError when attempting to fetch resource\.?|Network request failed)$/i;

/**
 * A raw message → one a person understands: '{field}: {reason}' becomes '{Label} {plain
 * reason}', system errors become a sentence; anything else comes back unchanged.
 */
export function humanizeMessage(text: string): string {
  const raw = text.trim();
  if (!raw) return raw;

  // LiveKit: 'could not establish signal connection: Failed to fetch' (or any cause).
  if (/could not establish (signal|pc) connection|signal connection/i.test(raw))
    return 'Could not connect the voice call. The voice service did not answer; please try again in a moment.';

  // DNS failures name the host: 'getaddrinfo ENOTFOUND example.com'.
  let m = /getaddrinfo (?:ENOTFOUND|EAI_AGAIN|ENODATA) ([^\s,)]+)/i.exec(raw);
  if (m) return `Could not reach ${m[1]}`;
  m = /connect ECONNREFUSED ([^\s,)]+)/i.exec(raw);
  if (m) return `Could not reach ${m[1]}: the connection was refused`;
  m = /(?:connect )?ETIMEDOUT ([^\s,)]+)/i.exec(raw);
  if (m) return `Could not reach ${m[1]}: it did not answer in time`;
  if (/ECONNRESET|socket hang up/i.test(raw))
    return 'The connection was closed before an answer came';
  if (/aborted due to timeout|The operation timed out|TimeoutError/i.test(raw))
    return 'The request took too long and was stopped';
  if (networkFailure.test(raw) || /^TypeError: (Failed to fetch|fetch failed)/i.test(raw))
    return 'Could not reach the server. Check your internet connection and try again.';

  // '{field}: {reason}' from the server's 400 answers.
  m = fieldPattern.exec(raw);
  if (m && m[1] && m[2]) {
    const [, field, reason] = m;
    const known = fieldLabels[field] !== undefined || field.includes('.') || field.includes('_');
    if (!known) return raw;
    const plain = plainReason(reason, field);
    // 'is too long (…)' continues the label; a sentence of its own ('A base URL cannot have a
    // query string') follows it after a colon and ends with a full stop, never run on.
    if (/^[A-Z]/.test(plain))
      return `${fieldLabel(field)}: ${/[.!?]$/.test(plain) ? plain : `${plain}.`}`;
    return `${fieldLabel(field)} ${plain}`;
  }
  return raw;
}

/** messageOf for people: the error's text, humanized (the fallback when there is none). */
export function plainMessageOf(error: unknown, fallback = 'Unknown error'): string {
  const text =
    error instanceof Error && error.message
      ? error.message
      : typeof error === 'string' && error
        ? error
        : '';
  return text ? humanizeMessage(text) : fallback;
}
