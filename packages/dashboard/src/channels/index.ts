/**
 * The channel UI that Phone Numbers, SMS, WhatsApp and Email share: the screen frame, the
 * numbers/mailboxes table and filter bar, the assign and send modals' wiring, the messages
 * list, and the SMS/WhatsApp tab itself (each channel gives its own send modal).
 */
export type { AgentOption, ChannelTab, Notice } from './types';
export { bannerMs, syncSuccessMs } from './types';
export {
  ChannelFrame,
  ClearFiltersButton,
  FilterBar,
  NoticeBanner,
  OrganizationBadge,
  phoneNumberSearch,
  RefreshButton,
  RetryBanner,
  SimulateDialog,
  SimulateForm,
  UnassignButton,
} from './ChannelFrame';
export { ChannelTable, numberColumns, numberRowKey, numbersLoadingLabel } from './ChannelTable';
export { AddAgentModal } from './AddAgentModal';
export { SandboxNotice, sandboxNoticeText, sandboxNoticeKey } from './SandboxNotice';
export { ChannelArea } from './ChannelArea';
export type { ChannelAreaProps, ChannelSendProps } from './ChannelArea';
export { SendMessageModal } from './SendMessageModal';
export type { SendModalProps } from './SendMessageModal';
export { useSendDialog } from './useSendDialog';
export {
  canSubmitSms,
  canSubmitWhatsapp,
  summaryOf,
  validateSmsSend,
  validateWhatsappSend,
} from './sendForm';
export type { FieldErrors, SmsSendValues, WhatsappSendValues } from './sendForm';
export { channelAssignFailed, channelUnassignFailed, sendFailureText } from './channelMessages';
export { formatWhen } from './formatWhen';
export {
  agentFilterOptions,
  agentPrefixOf,
  allAgentsFilter,
  matchesAgent,
  matchesSearch,
  unassignedAgentFilter,
} from './numberMatch';
export { channelKeys, useSendLimits, useSendSms, useSendWhatsapp } from './queries';
export * as channelStyles from './channel.css';
