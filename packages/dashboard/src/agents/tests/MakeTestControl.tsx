import { plainMessageOf } from '@parley/api-client';
import { MakeTestView } from './MakeTestView';
import { useMakeTest } from './useMakeTest';

/**
 * 'Make a test' of one conversation of an agent (chat drawer, SMS/WhatsApp, email, inbox): POSTs
 * the from-conversation API and shows the test made or why not (only for this conversation).
 */
export function MakeTestControl({
  agentId,
  conversationId,
}: {
  agentId: string;
  conversationId: string;
}) {
  const makeTest = useMakeTest(agentId);
  const mine = makeTest.variables === conversationId;
  return (
    <MakeTestView
      onMakeTest={() => makeTest.mutate(conversationId)}
      busy={makeTest.isPending && mine}
      error={mine && makeTest.error ? plainMessageOf(makeTest.error) : null}
      made={mine && makeTest.data ? makeTest.data : null}
    />
  );
}
