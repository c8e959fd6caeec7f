import { ApiError, messageOf } from '@parley/api-client';
import { ChangeVoiceModal } from '../../integrations/ChangeVoiceModal';
import { useProviderVoices } from '../../integrations';
import { voiceCatalogueOf, type VoiceProvider } from './options';

export interface ChangeVoiceDialogProps {
  orgId: string;
  provider: VoiceProvider;
  currentVoiceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (voiceId: string) => void;
}

/** Why the voices could not be listed, in the reader's words (a missing key says where to set it). */
export function voiceListError(error: unknown, label: string): string {
  if (error instanceof ApiError && error.status === 404)
    return `No ${label} API key is set for this organization: set it in Integrations, or type the voice ID below.`;
  return messageOf(error);
}

/**
 * Container of 'Change voice' for the Voice panel: lists the provider's voices through the server
 * with the organization's key (only while open), or takes a typed ID.
 */
export function ChangeVoiceDialog({
  orgId,
  provider,
  currentVoiceId,
  open,
  onOpenChange,
  onChoose,
}: ChangeVoiceDialogProps) {
  const catalogue = voiceCatalogueOf(provider);
  const voices = useProviderVoices(orgId, catalogue?.integration ?? '', open && catalogue !== null);
  if (!catalogue) return null;
  return (
    <ChangeVoiceModal
      open={open}
      onOpenChange={onOpenChange}
      providerLabel={catalogue.label}
      voices={voices.data ?? []}
      loading={voices.isPending && voices.fetchStatus !== 'idle'}
      error={voices.error ? voiceListError(voices.error, catalogue.label) : null}
      currentVoiceId={currentVoiceId}
      onChoose={onChoose}
    />
  );
}
