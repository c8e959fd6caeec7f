import { ChannelArea, type ChannelAreaProps } from '../sms/ChannelArea';

/** The WhatsApp tab: the SMS tab's layout for WhatsApp-enabled numbers. */
export function WhatsappArea(props: Omit<ChannelAreaProps, 'channel'>) {
  return <ChannelArea channel="whatsapp" {...props} />;
}
