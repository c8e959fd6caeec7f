import { useState } from 'react';
import { messageOf, type Mailbox } from '@parley/api-client';
import { campaignsLoadError } from './campaignForm';
import type { Notice } from '../channels';
import { CampaignsPanel } from './CampaignsPanel';
import { CreateCampaignModal } from './CreateCampaignModal';
import { useCampaignAction, useCampaigns, useCreateCampaign } from './queries';

export interface CampaignsAreaProps {
  orgId: string;
  mailboxes: readonly Mailbox[];
  /** The Outbound tab is open (campaigns are read and polled only then). */
  live: boolean;
}

/** The Outbound tab's campaigns wired to the mail hooks. */
export function CampaignsArea({ orgId, mailboxes, live }: CampaignsAreaProps) {
  const campaigns = useCampaigns(orgId, live);
  const create = useCreateCampaign(orgId);
  const action = useCampaignAction(orgId);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <CampaignsPanel
        campaigns={campaigns.data ?? []}
        loading={campaigns.isPending}
        error={campaigns.error ? campaignsLoadError(campaigns.error) : null}
        onRetry={() => void campaigns.refetch()}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        busyId={action.isPending ? (action.variables?.id ?? null) : null}
        onCreate={() => {
          setCreateError(null);
          setCreating(true);
        }}
        onAction={(c, a) =>
          action.mutate(
            { id: c.id, action: a },
            {
              onSuccess: (r) => setNotice({ tone: 'success', message: r.message }),
              onError: (e) => setNotice({ tone: 'error', message: messageOf(e) }),
            },
          )
        }
      />
      <CreateCampaignModal
        open={creating}
        onOpenChange={setCreating}
        mailboxes={mailboxes.map((m) => m.email_address)}
        busy={create.isPending}
        error={createError}
        onCreate={(body) =>
          create.mutate(body, {
            onSuccess: (r) => {
              setCreating(false);
              setNotice({ tone: 'success', message: r.message });
            },
            onError: (e) => setCreateError(messageOf(e)),
          })
        }
      />
    </>
  );
}
