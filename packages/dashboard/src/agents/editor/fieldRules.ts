import {
  agentApiKeyProblem,
  agentTextLimits,
  isMaskedSecret,
  sameSecretDestination,
} from '@parley/api-client';
import type { EditorSettings, ModelSettings } from './types';

/**
 * Per-field checks of the editor with the contract's limits (agentTextLimits, http(s) URLs).
 * An invalid field is left out of the saves (the stored value stays) while every other field
 * keeps saving; the form shows the message beside the field and the status strip names it.
 */
export const checkedFields = [
  'systemPrompt',
  'liveUrl',
  'agentUrl',
  'agentApiKey',
  'modelApiKey',
  'initialMessage',
  'nudgeText',
] as const;
export type CheckedField = (typeof checkedFields)[number];

export const checkedFieldLabels: Record<CheckedField, string> = {
  systemPrompt: 'System Prompt',
  liveUrl: 'Model Live URL',
  agentUrl: 'Agent URL',
  agentApiKey: 'Agent API Key',
  modelApiKey: 'Model API Key',
  initialMessage: 'Initial Message',
  nudgeText: 'Nudge Text',
};

/** Maximum lengths shown as counters (from the contract). */
export const fieldMaxLength = {
  systemPrompt: agentTextLimits.system_prompt,
  initialMessage: agentTextLimits.initial_message,
  nudgeText: agentTextLimits.nudge_text,
} as const;

/** Whether text is an absolute http(s) URL with a host. */
export function isHttpUrl(text: string): boolean {
  const t = text.trim();
  if (!/^https?:\/\//i.test(t) || /\s/.test(t)) return false;
  try {
    const url = new URL(t);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const urlReason = 'must be a web address starting with http:// or https://';

function tooLong(text: string, max: number): string | null {
  return text.length > max
    ? `is too long (${text.length.toLocaleString('en-US')} of at most ${max.toLocaleString('en-US')} characters)`
    : null;
}

/**
 * A model key typed to replace a stored one: non-empty, no spaces, at least 8 characters.
 * Until the draft is valid the stored key is kept.
 */
export function modelKeyProblem(draft: string): string | null {
  const t = draft.trim();
  if (!t) return 'is required to replace the stored key (Cancel keeps it)';
  if (/\s/.test(t)) return 'cannot contain spaces';
  if (t.length < 8) return 'is too short to be an API key';
  return null;
}

/** The reason a field's value cannot be saved, or null. */
export function fieldProblem(field: CheckedField, value: string): string | null {
  switch (field) {
    case 'systemPrompt':
      return tooLong(value, fieldMaxLength.systemPrompt);
    case 'initialMessage':
      return tooLong(value, fieldMaxLength.initialMessage);
    case 'nudgeText':
      return tooLong(value, fieldMaxLength.nudgeText);
    case 'agentUrl':
      return value.trim() === '' || isHttpUrl(value) ? null : urlReason;
    case 'liveUrl':
      return value.trim() === '' || isHttpUrl(value) ? null : urlReason;
    case 'agentApiKey':
      return agentApiKeyProblem(value);
    case 'modelApiKey':
      return modelKeyProblem(value);
  }
}

export type FieldProblems = Partial<Record<CheckedField, string>>;

/** The Live URL's reason while the stored key would have to follow it to a new address. */
export const keyStaysReason =
  'is a new address: type the Model API Key again (Replace Key) — a saved key is only sent to the address it was saved for';

/**
 * The stored key (still masked: not typed again) and a Live URL on another scheme, host or port
 * than the one it was saved with: the server refuses that (the key stays where it was meant to
 * go), so the Live URL waits, unsaved, until the key is typed again.
 */
export function keyAddressProblem(model: ModelSettings): string | null {
  if (model.keyAddress === undefined || !isMaskedSecret(model.apiKey)) return null;
  return sameSecretDestination(model.keyAddress, model.liveUrl) ? null : keyStaysReason;
}

/** Every invalid field of the settings (the model key draft is checked by the hook). */
export function settingsProblems(s: EditorSettings): FieldProblems {
  const out: FieldProblems = {};
  const values: Array<[CheckedField, string]> = [
    ['systemPrompt', s.model.systemPrompt],
    ['liveUrl', s.model.liveUrl],
    ['agentUrl', s.model.agentUrl],
    ['agentApiKey', s.model.agentApiKey],
    ['initialMessage', s.tools.initialMessage],
    ['nudgeText', s.tools.nudgeText],
  ];
  for (const [field, value] of values) {
    const problem = fieldProblem(field, value);
    if (problem) out[field] = problem;
  }
  const keyStays = out.liveUrl ? null : keyAddressProblem(s.model);
  if (keyStays) out.liveUrl = keyStays;
  return out;
}

/** A model-config field is left out of the model save (its success would not be the whole truth). */
export function blocksModelSave(problems: FieldProblems): boolean {
  return Boolean(problems.liveUrl || problems.agentUrl || problems.agentApiKey);
}

/** Some field is left out of the saves: a save that ran is not 'All changes saved'. */
export const leavesFieldsOut = (problems: FieldProblems) => checkedFields.some((f) => problems[f]);

/** 'Initial Message is too long (…)': the label and the reason. */
export const problemText = (field: CheckedField, reason: string) =>
  `${checkedFieldLabels[field]} ${reason}`;

/** The status strip's line for the first blocking field, or null. */
export function blockingText(problems: FieldProblems): string | null {
  const first = checkedFields.find((f) => problems[f]);
  return first ? `Not saved: ${problemText(first, problems[first]!)}` : null;
}
