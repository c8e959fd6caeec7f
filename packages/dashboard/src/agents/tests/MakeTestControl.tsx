import { useInRouterContext, useNavigate } from 'react-router';
import { plainMessageOf } from '@parley/api-client';
import { MakeTestView } from './MakeTestView';
import { agentTestsHref } from './testsLink';
import { useMakeTest } from './queries';

export interface MakeTestControlProps {
  agentId: string;
  conversationId: string;
  /**
   * Shown on the agent's own page (its chat drawer): the test appears in its Tests section there.
   * Elsewhere (inbox, SMS/WhatsApp/email threads) the 'Test made' notice links to that section.
   */
  onAgentPage?: boolean;
}

/**
 * 'Make a test' of one conversation of an agent (chat drawer, SMS/WhatsApp, email, inbox): POSTs
 * the from-conversation API and shows the test made or why not (only for this conversation).
 */
export function MakeTestControl(props: MakeTestControlProps) {
  // Inside the console's router the link is followed in place; elsewhere it is a plain link.
  return useInRouterContext() ? <RoutedMakeTest {...props} /> : <MakeTest {...props} />;
}

function RoutedMakeTest(props: MakeTestControlProps) {
  const navigate = useNavigate();
  return <MakeTest {...props} onOpenTests={(href) => void navigate(href)} />;
}

function MakeTest({
  agentId,
  conversationId,
  onAgentPage = false,
  onOpenTests,
}: MakeTestControlProps & { onOpenTests?: (href: string) => void }) {
  const makeTest = useMakeTest(agentId);
  const mine = makeTest.variables === conversationId;
  return (
    <MakeTestView
      onMakeTest={() => makeTest.mutate(conversationId)}
      busy={makeTest.isPending && mine}
      error={mine && makeTest.error ? plainMessageOf(makeTest.error) : null}
      made={mine && makeTest.data ? makeTest.data : null}
      testsHref={onAgentPage ? undefined : agentTestsHref(agentId)}
      onOpenTests={onAgentPage ? undefined : onOpenTests}
    />
  );
}
