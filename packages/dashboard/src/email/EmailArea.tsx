import { useMemo, useState, type ReactNode } from 'react';
import {
  agentDisplayName,
  mailSendFailedWords,
  messageOf,
  type Mailbox,
  type MailboxTestResult,
  type MailThread,
} from '@parley/api-client';
import { MakeTestControl } from '../agents';
import { useAgents } from '../agents';
import {
  channelAssignFailed,
  channelUnassignFailed,
  sendFailureText,
  useSendDialog,
  useSendLimits,
  type AgentOption,
  type Notice,
} from '../channels';
import { AssignEmailAgentModal } from './AssignEmailAgentModal';
import { EmailScreen, type EmailTab } from './EmailScreen';
import { MailboxPanel, type MailboxSection } from './MailboxPanel';
import { MailboxSettingsPanel } from './MailboxSettingsPanel';
import { MailConversationView } from './MailConversationView';
import { MailThreadsPanel } from './MailThreadsPanel';
import { OutboxPanel } from './OutboxPanel';
import { SendEmailModal } from './SendEmailModal';
import { SimulateInboundEmailModal } from './SimulateInboundEmailModal';
import { CampaignsArea } from './CampaignsArea';
import {
  useAssignMailbox,
  useDiscardDraft,
  useMailboxes,
  useMailOutbox,
  useMailThreads,
  useSaveMailbox,
  useSendDraft,
  useSendMail,
  useSimulateMail,
  useTestMailbox,
  useUnassignMailbox,
} from './queries';

export interface EmailAreaProps {
  orgId: string;
  orgName: string;
}

/** The Email tab: the mail hooks wired to the screen, the open mailbox and the modals. */
export function EmailArea({ orgId, orgName }: EmailAreaProps) {
  const mailboxes = useMailboxes(orgId);
  const agentsQuery = useAgents(orgId);
  const [tab, setTab] = useState<EmailTab>('inbound');
  const [search, setSearch] = useState('');
  const [openEmail, setOpenEmail] = useState<string | null>(null);
  const [section, setSection] = useState<MailboxSection>('threads');
  const [threadId, setThreadId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [settingsNotice, setSettingsNotice] = useState<Notice | null>(null);
  const [testResult, setTestResult] = useState<MailboxTestResult | null>(null);
  const [assigning, setAssigning] = useState<{ email: string } | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);
  const sending = useSendDialog<{ from?: string }>();
  const [simulating, setSimulating] = useState<string | null>(null);
  const [simulateError, setSimulateError] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);

  const list = useMemo(() => mailboxes.data ?? [], [mailboxes.data]);
  const open = list.find((m) => m.email_address === openEmail) ?? null;
  const threads = useMailThreads(orgId, tab === 'inbound' && open ? open.email_address : null);
  const outbox = useMailOutbox(
    orgId,
    tab === 'inbound' && open?.sending === 'outbox' ? open.email_address : null,
  );
  const assign = useAssignMailbox(orgId);
  const unassign = useUnassignMailbox(orgId);
  const send = useSendMail(orgId);
  const save = useSaveMailbox(orgId);
  const test = useTestMailbox(orgId);
  const sendDraft = useSendDraft(orgId);
  const discardDraft = useDiscardDraft(orgId);
  const simulate = useSimulateMail(orgId);
  const limits = useSendLimits(orgId, sending.isOpen);
  const emailLimits = limits.data?.channels.find((l) => l.channel === 'email') ?? null;

  const agents: AgentOption[] = useMemo(
    () => (agentsQuery.data?.agents ?? []).map((a) => ({ id: a.id, label: agentDisplayName(a) })),
    [agentsQuery.data],
  );
  const openThread: MailThread | null =
    (threadId && threads.data?.find((t) => t.id === threadId)) || null;
  /** A failed send's words name the mailbox's provider (Gmail, Outlook, or its SMTP host). */
  const sendFailedOf = (address: string | undefined) =>
    mailSendFailedWords(list.find((m) => m.email_address === address)?.smtp?.host);

  const openMailbox = (row: Mailbox) => {
    setOpenEmail(row.email_address);
    setSection('threads');
    setThreadId(null);
    setTestResult(null);
    setSettingsNotice(null);
  };

  let detail: ReactNode = null;
  if (open) {
    detail = (
      <MailboxPanel
        mailbox={open}
        section={section}
        onSectionChange={setSection}
        onBack={() => setOpenEmail(null)}
        onSendMessage={() => sending.open({ from: open.email_address })}
        onAssign={() => {
          setAssignError(null);
          setAssigning({ email: open.email_address });
        }}
        threads={
          openThread ? (
            <MailConversationView
              thread={openThread}
              onBack={() => setThreadId(null)}
              busyDraftId={
                sendDraft.isPending
                  ? (sendDraft.variables?.id ?? null)
                  : discardDraft.isPending
                    ? (discardDraft.variables ?? null)
                    : null
              }
              error={draftError}
              makeTest={
                openThread.agent_id ? (
                  <MakeTestControl agentId={openThread.agent_id} conversationId={openThread.id} />
                ) : null
              }
              onSendDraft={(draft, text) => {
                setDraftError(null);
                sendDraft.mutate(
                  { id: draft.id, text },
                  {
                    onError: (e) =>
                      setDraftError(sendFailureText(sendFailedOf(openThread.mailbox), e)),
                  },
                );
              }}
              onDiscardDraft={(draft) => {
                setDraftError(null);
                discardDraft.mutate(draft.id, { onError: (e) => setDraftError(messageOf(e)) });
              }}
            />
          ) : (
            <MailThreadsPanel
              threads={threads.data ?? []}
              loading={threads.isPending}
              error={threads.error ? messageOf(threads.error) : null}
              onRetry={() => void threads.refetch()}
              onOpenThread={(t) => {
                setDraftError(null);
                setThreadId(t.id);
              }}
            />
          )
        }
        settings={
          <MailboxSettingsPanel
            mailbox={open}
            saving={save.isPending}
            testing={test.isPending}
            testResult={testResult}
            notice={settingsNotice}
            onDismissNotice={() => setSettingsNotice(null)}
            onSave={(request) =>
              save.mutate(
                { email: open.email_address, request },
                {
                  onSuccess: (r) => {
                    setTestResult(null);
                    setSettingsNotice({ tone: 'success', message: r.message });
                  },
                  onError: (e) => setSettingsNotice({ tone: 'error', message: messageOf(e) }),
                },
              )
            }
            onTest={() =>
              test.mutate(open.email_address, {
                onSuccess: setTestResult,
                onError: (e) => setSettingsNotice({ tone: 'error', message: messageOf(e) }),
              })
            }
          />
        }
        outbox={
          <OutboxPanel
            messages={outbox.data ?? []}
            loading={outbox.isPending}
            error={outbox.error ? messageOf(outbox.error) : null}
            onRetry={() => void outbox.refetch()}
          />
        }
      />
    );
  }

  return (
    <>
      <EmailScreen
        orgName={orgName}
        mailboxes={list}
        loading={mailboxes.isPending}
        error={mailboxes.error ? messageOf(mailboxes.error) : null}
        onRetry={() => void mailboxes.refetch()}
        refreshing={mailboxes.isFetching && !mailboxes.isPending}
        onRefresh={() => void mailboxes.refetch()}
        tab={tab}
        onTabChange={setTab}
        search={search}
        onSearchChange={setSearch}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        unassigningEmail={unassign.isPending ? (unassign.variables ?? null) : null}
        onAssign={() => {
          setAssignError(null);
          setAssigning({ email: '' });
        }}
        onSendMessage={() => sending.open({})}
        onUnassign={(row) =>
          unassign.mutate(row.email_address, {
            onSuccess: (r) => setNotice({ tone: 'success', message: r.message }),
            onError: (e) => setNotice({ tone: 'error', message: channelUnassignFailed(e) }),
          })
        }
        onOpen={openMailbox}
        onSimulate={(row) => {
          setSimulateError(null);
          setSimulating(row.email_address);
        }}
        detail={detail}
        outbound={<CampaignsArea orgId={orgId} mailboxes={list} live={tab === 'outbound'} />}
      />
      <AssignEmailAgentModal
        key={assigning?.email ?? 'closed'}
        open={assigning !== null}
        onOpenChange={(o) => {
          if (!o) setAssigning(null);
        }}
        agents={agents}
        loading={agentsQuery.isPending && assigning !== null}
        busy={assign.isPending}
        error={assignError}
        initialValues={{ email: assigning?.email ?? '' }}
        onAssign={({ agentId, email, description }) =>
          assign.mutate(
            {
              email,
              agentId,
              agentKey: agentsQuery.data?.agents.find((a) => a.id === agentId)?.chatbot_key,
              description,
            },
            {
              onSuccess: (r) => {
                setAssigning(null);
                setNotice({ tone: 'success', message: r.message });
              },
              onError: (e) => setAssignError(channelAssignFailed(e)),
            },
          )
        }
      />
      <SendEmailModal
        key={sending.opened?.from ?? 'any'}
        open={sending.isOpen}
        onOpenChange={sending.onOpenChange}
        mailboxes={list.map((m) => m.email_address)}
        defaultFrom={sending.opened?.from}
        busy={send.isPending}
        error={sending.error}
        onDismissError={sending.dismissError}
        limits={emailLimits}
        onSend={(values) =>
          send.mutate(values, {
            onSuccess: (r) => {
              sending.done();
              setNotice({ tone: 'success', message: r.message });
            },
            onError: (e) => sending.fail(sendFailureText(sendFailedOf(values.from_email), e)),
          })
        }
      />
      <SimulateInboundEmailModal
        mailbox={simulating}
        onClose={() => setSimulating(null)}
        busy={simulate.isPending}
        error={simulateError}
        onSimulate={({ from, subject, text }) =>
          simulate.mutate(
            { to: simulating ?? '', from, subject, text },
            {
              onSuccess: (r) => {
                setNotice({
                  tone: 'success',
                  message: r.reply_queued
                    ? `Inbound email from ${from} received; the agent's reply appears in the mailbox's threads.`
                    : `Inbound email from ${from} received; not answered: ${r.not_answered ?? 'no agent'}.`,
                });
                const to = simulating;
                setSimulating(null);
                const row = list.find((m) => m.email_address === to);
                if (row) openMailbox(row);
              },
              onError: (e) => setSimulateError(messageOf(e)),
            },
          )
        }
      />
    </>
  );
}
