import {
  Banner,
  Button,
  Dialog,
  IconButton,
  Select,
  Switch,
  TextArea,
  TextField,
} from '@parley/ui';
import { toolHttpMethods, toolTypeLabels, toolTypes, type ToolType } from '@parley/api-client';
import { builtinParametersText, type ToolForm, type ToolFormErrors } from './toolForm';
import { idleMcpList, McpAllowList, type McpListState } from './McpAllowList';
import * as styles from './tools.css';

export interface ToolEditorModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing a saved tool (else adding one). */
  editingExisting: boolean;
  value: ToolForm;
  onChange: (value: ToolForm) => void;
  errors: ToolFormErrors;
  /** The server refused the save (its message). */
  saveError?: string | null;
  saving?: boolean;
  onSave: () => void;
  /** 'List tools' of the MCP server the form names (an MCP tool's allow-list). */
  mcpList?: McpListState;
  onListMcpTools?: () => void;
}

function RemoveIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" fill="none" />
    </svg>
  );
}

/**
 * Add or edit a tool: name (what the model sees), description, type; for an HTTP tool its method,
 * URL, secret headers (saved encrypted, shown masked), time limit and the JSON Schema of its
 * arguments; for an MCP server its URL, secret headers, time limit and the allow-list of its tools
 * ('List tools'); for a transfer, the number. Each field shows why it cannot be saved.
 */
export function ToolEditorModal({
  open,
  onOpenChange,
  editingExisting,
  value,
  onChange,
  errors,
  saveError,
  saving,
  onSave,
  mcpList = idleMcpList,
  onListMcpTools,
}: ToolEditorModalProps) {
  const set = <K extends keyof ToolForm>(key: K, v: ToolForm[K]) =>
    onChange({ ...value, [key]: v });
  const http = value.type === 'http';
  const mcp = value.type === 'mcp';
  const builtinParameters = builtinParametersText(value.type);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editingExisting ? 'Edit tool' : 'Add tool'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button busy={saving} busyLabel="Saving..." onClick={onSave}>
            Save tool
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {saveError ? <Banner tone="error" title={saveError} /> : null}
        <Select
          label="Type"
          value={value.type}
          onValueChange={(v) => set('type', v as ToolType)}
          items={toolTypes.map((t) => ({ value: t, label: toolTypeLabels[t] }))}
          errorMessage={errors.type}
        />
        <TextField
          label="Name"
          value={value.name}
          onChange={(v) => set('name', v)}
          placeholder="check_slots"
          description="What the model sees: letters, digits, underscores or hyphens (at most 64)."
          errorMessage={errors.name}
          isRequired
        />
        <TextArea
          label="Description"
          value={value.description}
          onChange={(v) => set('description', v)}
          rows={2}
          placeholder="When the agent should use this tool"
          errorMessage={errors.description}
        />
        {http ? (
          <Select
            label="Method"
            value={value.method}
            onValueChange={(v) => set('method', v as ToolForm['method'])}
            items={toolHttpMethods.map((m) => ({ value: m, label: m }))}
            errorMessage={errors.method}
          />
        ) : null}
        {http || mcp ? (
          <>
            <TextField
              label={mcp ? 'Server URL' : 'URL'}
              type="url"
              value={value.url}
              onChange={(v) => set('url', v)}
              placeholder={mcp ? 'https://mcp.example.com/mcp' : 'https://api.example.com/slots'}
              description={
                mcp
                  ? 'A public address of a remote MCP server (Streamable HTTP).'
                  : 'A public address; the arguments go as the JSON body (as the query for GET and DELETE).'
              }
              errorMessage={errors.url}
              isRequired
            />
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                Headers (secret: saved encrypted, shown masked)
              </legend>
              {value.headers.map((h, i) => (
                <div key={i} className={styles.headerRow}>
                  <TextField
                    label={`Header ${i + 1} name`}
                    value={h.name}
                    onChange={(v) =>
                      set(
                        'headers',
                        value.headers.map((x, j) => (j === i ? { ...x, name: v } : x)),
                      )
                    }
                    placeholder="Authorization"
                  />
                  <TextField
                    label={`Header ${i + 1} value`}
                    value={h.value}
                    onChange={(v) =>
                      set(
                        'headers',
                        value.headers.map((x, j) => (j === i ? { ...x, value: v } : x)),
                      )
                    }
                  />
                  <IconButton
                    label={`Remove header ${i + 1}`}
                    icon={<RemoveIcon />}
                    onClick={() =>
                      set(
                        'headers',
                        value.headers.filter((_, j) => j !== i),
                      )
                    }
                  />
                </div>
              ))}
              {errors.headers ? <p className={styles.errorText}>{errors.headers}</p> : null}
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => set('headers', [...value.headers, { name: '', value: '' }])}
                >
                  Add header
                </Button>
              </div>
            </fieldset>
            <TextField
              label="Time limit (ms)"
              value={value.timeoutMs}
              onChange={(v) => set('timeoutMs', v)}
              inputMode="numeric"
              description="100 to 10000 ms."
              errorMessage={errors.timeoutMs}
            />
          </>
        ) : null}
        {http ? (
          <TextArea
            label="Parameters (JSON Schema)"
            value={value.parameters}
            onChange={(v) => set('parameters', v)}
            rows={8}
            description='The arguments the model sends: an object schema ("type": "object").'
            errorMessage={errors.parameters}
          />
        ) : null}
        {mcp ? (
          <McpAllowList
            list={mcpList}
            onList={() => onListMcpTools?.()}
            allowed={value.allowedTools}
            onAllowedChange={(allowed) => set('allowedTools', allowed)}
            error={errors.allowedTools}
          />
        ) : null}
        {value.type === 'transfer_call' ? (
          <TextField
            label="Transfer to"
            type="tel"
            value={value.number}
            onChange={(v) => set('number', v)}
            placeholder="+1234567890"
            errorMessage={errors.number}
            isRequired
          />
        ) : null}
        {builtinParameters ? (
          <div>
            <p className={styles.muted}>Arguments the model sends (fixed for a built-in):</p>
            <pre className={styles.code}>{builtinParameters}</pre>
          </div>
        ) : null}
        <Switch
          label="Enabled"
          checked={value.enabled}
          onCheckedChange={(v) => set('enabled', v)}
          description="A disabled tool is not offered to the model."
        />
      </form>
    </Dialog>
  );
}
