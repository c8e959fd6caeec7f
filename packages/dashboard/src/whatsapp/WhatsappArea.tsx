import {
  ChannelArea,
  useSendWhatsapp,
  type ChannelAreaProps,
  type ChannelSendProps,
} from '../channels';
import { SendWhatsappModal } from './SendWhatsappModal';

/** The WhatsApp tab's send modal: the channel's numbers offered as the receiving number. */
function WhatsappSend({ orgId, numbers, onSent, onFailed, ...modal }: ChannelSendProps) {
  const send = useSendWhatsapp(orgId);
  return (
    <SendWhatsappModal
      {...modal}
      numbers={numbers.map((n) => n.phone_number)}
      busy={send.isPending}
      onSend={(values) =>
        send.mutate(values, { onSuccess: (r) => onSent(r.message), onError: onFailed })
      }
    />
  );
}

/** The WhatsApp tab: the SMS tab's layout for WhatsApp-enabled numbers. */
export function WhatsappArea(props: Omit<ChannelAreaProps, 'channel' | 'renderSend'>) {
  return (
    <ChannelArea channel="whatsapp" {...props} renderSend={(send) => <WhatsappSend {...send} />} />
  );
}
