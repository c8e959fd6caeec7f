import { useSearchParams } from 'react-router';
import Inbox from './Inbox';

/**
 * The organization-wide Conversations view (`/?view=conversations`, reached from the Overview):
 * the open conversation is in the URL (`&conversation=`), so it survives reload and can be linked.
 */
export default function ConversationsArea({ orgId }: { orgId: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <Inbox
      orgId={orgId}
      initialStatus={params.get('status') === 'needs_human' ? 'needs_human' : undefined}
      selectedId={params.get('conversation')}
      onSelectedChange={(id) =>
        setParams(id ? { view: 'conversations', conversation: id } : { view: 'conversations' })
      }
    />
  );
}
