import { useState } from 'react';
import { messageOf, type AgentTool } from '@parley/api-client';
import { ConfirmDialog } from '@parley/ui';
import { ToolsPanel } from './ToolsPanel';
import { ToolEditorModal } from './ToolEditorModal';
import { ToolTestModal } from './ToolTestModal';
import { useMcpTools } from './useMcpTools';
import { useAgent, useSaveTalkToPerson, useSaveVisitorSends } from '../../queries';
import { useAgentTools, useDeleteAgentTool, useSaveAgentTool, useTestAgentTool } from './queries';
import { useAgentToolsClient } from '../../../api/clients/agentTools';
import {
  emptyToolForm,
  formFromTool,
  mcpListRequestFrom,
  serverFieldErrors,
  toolRequestFrom,
  type ToolForm,
  type ToolFormErrors,
} from './toolForm';

export interface ToolsSectionProps {
  agentId: string;
  editing: boolean;
  headingLevel?: 2 | 3;
  id?: string;
}

const hasAny = (errors: ToolFormErrors) => Object.keys(errors).length > 0;

/** The agent's Tools section wired to the API (loaded lazily with the Configurations tab). */
export default function ToolsSection({ agentId, editing, headingLevel, id }: ToolsSectionProps) {
  const client = useAgentToolsClient();
  const list = useAgentTools(client, agentId);
  const [editor, setEditor] = useState<{ id: string | null; form: ToolForm } | null>(null);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [testing, setTesting] = useState<AgentTool | null>(null);
  const [argsText, setArgsText] = useState('{}');
  const [argsError, setArgsError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AgentTool | null>(null);

  const save = useSaveAgentTool(client, agentId, { onSaved: () => setEditor(null) });
  const remove = useDeleteAgentTool(client, agentId, { onSettled: () => setDeleting(null) });
  const test = useTestAgentTool(client, agentId);

  const mcp = useMcpTools(client, agentId);
  const agent = useAgent(agentId);
  const saveVisitorSends = useSaveVisitorSends(agentId);
  const saveTalkToPerson = useSaveTalkToPerson(agentId);
  const agentOrg = agent.data?.organization_id ?? null;
  const visitorSendsOn = saveVisitorSends.isPending
    ? saveVisitorSends.variables.on
    : (agent.data?.visitor_sends ?? false);
  const talkToPersonOn = saveTalkToPerson.isPending
    ? saveTalkToPerson.variables.on
    : (agent.data?.talk_to_person ?? true);
  const onListMcpTools = () => {
    if (!editor) return;
    const result = mcpListRequestFrom(editor.form, editor.id);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    mcp.list(result.body);
  };

  const openEditor = (tool: AgentTool | null) => {
    save.reset();
    mcp.reset();
    setErrors({});
    setEditor({ id: tool?.id ?? null, form: tool ? formFromTool(tool) : emptyToolForm() });
  };
  const onSave = () => {
    if (!editor) return;
    const result = toolRequestFrom(editor.form);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    save.mutate({ id: editor.id, body: result.body });
  };
  const onRun = () => {
    if (!testing) return;
    let args: unknown;
    try {
      args = JSON.parse(argsText || '{}');
    } catch {
      return setArgsError('The sample arguments must be valid JSON');
    }
    if (!args || typeof args !== 'object' || Array.isArray(args))
      return setArgsError('The sample arguments must be a JSON object');
    setArgsError(null);
    test.mutate({ tool: testing, args: args as Record<string, unknown> });
  };

  // A refusal that names a field (e.g. a stored header for a new address) shows at that field.
  const saveFieldErrors = serverFieldErrors(save.error);
  const listFieldErrors = serverFieldErrors(mcp.error);

  return (
    <>
      <ToolsPanel
        id={id}
        headingLevel={headingLevel}
        tools={list.data?.tools ?? []}
        loading={list.isPending}
        error={list.error ? messageOf(list.error) : null}
        onRetry={() => void list.refetch()}
        editing={editing}
        onAdd={() => openEditor(null)}
        onEdit={openEditor}
        onTest={(tool) => {
          test.reset();
          setArgsError(null);
          setArgsText('{}');
          setTesting(tool);
        }}
        onDelete={setDeleting}
        deletingId={remove.isPending ? (remove.variables?.id ?? null) : null}
        visitorSends={
          agentOrg
            ? {
                on: visitorSendsOn,
                saving: saveVisitorSends.isPending,
                error: saveVisitorSends.error ? messageOf(saveVisitorSends.error) : null,
                onChange: (on) => saveVisitorSends.mutate({ orgId: agentOrg, on }),
              }
            : undefined
        }
        talkToPerson={
          agentOrg
            ? {
                on: talkToPersonOn,
                saving: saveTalkToPerson.isPending,
                error: saveTalkToPerson.error ? messageOf(saveTalkToPerson.error) : null,
                onChange: (on) => saveTalkToPerson.mutate({ orgId: agentOrg, on }),
              }
            : undefined
        }
      />
      {editor ? (
        <ToolEditorModal
          open
          onOpenChange={(open) => (open ? undefined : setEditor(null))}
          editingExisting={editor.id !== null}
          value={editor.form}
          onChange={(form) => setEditor({ ...editor, form })}
          errors={{ ...saveFieldErrors, ...listFieldErrors, ...errors }}
          saveError={save.error && !hasAny(saveFieldErrors) ? messageOf(save.error) : null}
          saving={save.isPending}
          onSave={onSave}
          mcpList={hasAny(listFieldErrors) ? { ...mcp.state, error: null } : mcp.state}
          onListMcpTools={onListMcpTools}
        />
      ) : null}
      {testing ? (
        <ToolTestModal
          open
          onOpenChange={(open) => (open ? undefined : setTesting(null))}
          toolName={testing.name}
          argumentsText={argsText}
          onArgumentsChange={setArgsText}
          argumentsError={argsError}
          running={test.isPending}
          onRun={onRun}
          result={test.data ?? null}
          requestError={test.error ? messageOf(test.error) : null}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete tool"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"?`}
        detail="The agent will no longer be able to call it."
        confirmLabel="Delete tool"
        busyLabel="Deleting..."
        cancelLabel="Cancel"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
