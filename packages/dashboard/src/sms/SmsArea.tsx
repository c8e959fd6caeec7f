import { ChannelArea, useSendSms, type ChannelAreaProps, type ChannelSendProps } from '../channels';
import { SendSmsModal } from './SendSmsModal';

/** The SMS tab's send modal: From pre-filled with the first number that has an agent. */
function SmsSend({ orgId, numbers, onSent, onFailed, ...modal }: ChannelSendProps) {
  const send = useSendSms(orgId);
  return (
    <SendSmsModal
      {...modal}
      defaultFrom={numbers.find((n) => n.agent_id)?.phone_number ?? ''}
      busy={send.isPending}
      onSend={(values) =>
        send.mutate(values, { onSuccess: (r) => onSent(r.message), onError: onFailed })
      }
    />
  );
}

/** The SMS tab: the channel tab for SMS-enabled numbers, with 'Send SMS Message'. */
export function SmsArea(props: Omit<ChannelAreaProps, 'channel' | 'renderSend'>) {
  return <ChannelArea channel="sms" {...props} renderSend={(send) => <SmsSend {...send} />} />;
}
