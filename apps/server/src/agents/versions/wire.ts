import { isDeepStrictEqual } from 'node:util';
import {
  secretPlaceholder,
  type AgentDocumentTool,
  type DraftChange,
  type ToolHttpMethod,
  type ToolType,
} from '@parley/api-client';
import type { AgentSnapshot, SnapshotTool } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { configSecretKeys, fieldOf, secretColumns, versionedColumns } from './fields';

const secretFields = new Set([...secretColumns].map(fieldOf));
/** The settings that are provider blocks which may hold a key (tts_config, stt_config). */
const configFields = new Set(['tts_config', 'stt_config']);

/** A voice or transcriber config with each key in it shown as '••••' (a copy). */
export function maskedConfig(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, block] of Object.entries(value as Record<string, unknown>)) {
    if (block && typeof block === 'object' && !Array.isArray(block)) {
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(block as Record<string, unknown>))
        copy[k] = configSecretKeys.has(k) && typeof v === 'string' && v ? secretPlaceholder : v;
      out[key] = copy;
    } else out[key] = block;
  }
  return out;
}

/** A setting in its wire form: a secret as '••••' (set) or null, keys in configs masked. */
export function settingToWire(field: string, value: unknown): unknown {
  if (secretFields.has(field)) return value ? secretPlaceholder : null;
  if (configFields.has(field)) return maskedConfig(value ?? null);
  return value ?? null;
}

/** A snapshot's settings in their wire form (every versioned field, in the fields' order). */
export function settingsToWire(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of versionedColumns) {
    const field = fieldOf(column);
    out[field] = settingToWire(field, settings[field]);
  }
  return out;
}

/** A tool as a document holds it: what the tool editor saves, header values as '••••'. */
export function toolToDocument(tool: SnapshotTool): AgentDocumentTool {
  const config = tool.config as {
    method?: ToolHttpMethod;
    url?: string;
    timeout_ms?: number;
    number?: string;
    allowed_tools?: string[];
  };
  const headerNames = Object.keys(tool.secret_headers ?? {});
  return {
    name: tool.name,
    description: tool.description,
    type: tool.type as ToolType,
    parameters: tool.parameters,
    ...(config.method ? { method: config.method } : {}),
    ...(config.url ? { url: config.url } : {}),
    ...(headerNames.length
      ? { headers: Object.fromEntries(headerNames.map((n) => [n, secretPlaceholder])) }
      : {}),
    ...(config.timeout_ms !== undefined ? { timeout_ms: config.timeout_ms } : {}),
    ...(config.number ? { number: config.number } : {}),
    ...(config.allowed_tools ? { allowed_tools: config.allowed_tools } : {}),
    enabled: tool.enabled,
  };
}

/** A secret's value for comparing (decrypted; what cannot be decrypted compares as stored). */
function opened(box: SecretBox, stored: unknown): unknown {
  if (typeof stored !== 'string' || !stored) return null;
  try {
    return box.decrypt(stored);
  } catch {
    return stored;
  }
}

/** What of a tool is compared (its settings and header values, not its id). */
function comparableTool(box: SecretBox, tool: SnapshotTool) {
  return {
    description: tool.description,
    type: tool.type,
    parameters: tool.parameters,
    config: tool.config,
    enabled: tool.enabled,
    headers: Object.fromEntries(
      Object.entries(tool.secret_headers ?? {}).map(([n, v]) => [n.toLowerCase(), opened(box, v)]),
    ),
  };
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * What differs between the live version and the draft, setting by setting (snake_case fields,
 * secrets compared by value and shown as '••••'), then tool by tool (`tools.{name}`), then the
 * analysis plan. With no live version, every setting the draft has and every tool is a change.
 */
export function changesBetween(
  live: AgentSnapshot | null,
  draft: AgentSnapshot,
  box: SecretBox,
): DraftChange[] {
  const changes: DraftChange[] = [];
  for (const column of versionedColumns) {
    const field = fieldOf(column);
    const before = live ? (live.settings[field] ?? null) : null;
    const after = draft.settings[field] ?? null;
    const same = secretFields.has(field)
      ? isEmpty(before) === isEmpty(after) && opened(box, before) === opened(box, after)
      : live
        ? isDeepStrictEqual(before, after)
        : isEmpty(after);
    if (!same)
      changes.push({
        field,
        live: live ? settingToWire(field, before) : null,
        draft: settingToWire(field, after),
      });
  }
  const liveTools = new Map((live?.tools ?? []).map((t) => [t.name, t]));
  const draftTools = new Map(draft.tools.map((t) => [t.name, t]));
  const names = [...new Set([...liveTools.keys(), ...draftTools.keys()])];
  for (const name of names) {
    const before = liveTools.get(name);
    const after = draftTools.get(name);
    if (
      before &&
      after &&
      isDeepStrictEqual(comparableTool(box, before), comparableTool(box, after))
    )
      continue;
    changes.push({
      field: `tools.${name}`,
      live: before ? toolToDocument(before) : null,
      draft: after ? toolToDocument(after) : null,
    });
  }
  if (!isDeepStrictEqual(live?.analysis ?? null, draft.analysis ?? null))
    changes.push({
      field: 'analysis',
      live: live?.analysis ?? null,
      draft: draft.analysis ?? null,
    });
  return changes;
}
