import { Banner, Button } from '@parley/ui';
import type { McpToolsResponse } from '@parley/api-client';
import { mcpToolChoices, toggleAllowedTool } from './toolForm';
import * as styles from './tools.css';

/** 'List tools' of an MCP server, as the editor holds it. */
export interface McpListState {
  loading: boolean;
  /** Why the server's tools could not be listed (the server's own words). */
  error: string | null;
  /** The server's tools as last listed (null before a listing). */
  tools: McpToolsResponse['tools'] | null;
}

export const idleMcpList: McpListState = { loading: false, error: null, tools: null };

export interface McpAllowListProps {
  list: McpListState;
  onList: () => void;
  allowed: string[];
  onAllowedChange: (allowed: string[]) => void;
  error?: string;
}

/**
 * An MCP server's allow-list: 'List tools' asks the server (through ours) for its tools, shown as
 * checkboxes; the ticked ones are the tools the agent may use. Saved names the server no longer
 * lists stay until unticked.
 */
export function McpAllowList({ list, onList, allowed, onAllowedChange, error }: McpAllowListProps) {
  const choices = mcpToolChoices(list.tools, allowed);
  const status = list.loading
    ? 'Listing the server’s tools…'
    : list.tools
      ? `${list.tools.length} ${list.tools.length === 1 ? 'tool' : 'tools'} listed; ${allowed.length} allowed`
      : '';
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Tools the agent may use</legend>
      <p className={styles.muted}>
        List the server’s tools with the URL and headers above, then tick the ones the agent may
        call. None ticked: the agent uses none.
      </p>
      <div>
        {/* Not disabled while listing: the focus stays on it for keyboard users. */}
        <Button size="sm" variant="secondary" onClick={list.loading ? undefined : onList}>
          {list.loading ? 'Listing tools...' : 'List tools'}
        </Button>
      </div>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {status}
      </p>
      {list.error ? (
        <Banner tone="error" title="The server’s tools could not be listed" message={list.error} />
      ) : null}
      {list.tools && list.tools.length === 0 && !list.error ? (
        <p className={styles.muted}>The server offers no tools.</p>
      ) : null}
      {choices.length ? (
        <ul className={styles.choiceList} aria-label="MCP tools">
          {choices.map((c) => (
            <li key={c.name}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={c.allowed}
                  onChange={(e) =>
                    onAllowedChange(toggleAllowedTool(allowed, c.name, e.currentTarget.checked))
                  }
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceName}>{c.name}</span>
                  {c.description ? <span className={styles.muted}>{c.description}</span> : null}
                  {c.missing ? (
                    <span className={styles.muted}>Not offered by the server any more</span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {!list.tools && !list.loading && !list.error && allowed.length === 0 ? (
        <p className={styles.muted}>No tools allowed yet: list the server’s tools to choose.</p>
      ) : null}
      {error ? <p className={styles.errorText}>{error}</p> : null}
    </fieldset>
  );
}
