export interface VoiceLabels {
  talk: string;
  connecting: string;
  end: string;
  inCall: string;
  waiting: string;
  ended: string;
  micDenied: string;
  micMissing: string;
  failed: string;
  /** The agent's Allowed Origins refuse this site. */
  notAllowed: string;
  dismiss: string;
}

/** Built-in translations; English is the fallback. */
export const voiceLabels: Record<string, VoiceLabels> = {
  en: {
    talk: 'Talk to Agent',
    connecting: 'Connecting...',
    end: 'End Call',
    inCall: 'In call with {name}',
    waiting: 'Waiting for {name}...',
    ended: 'Call ended',
    micDenied: 'Microphone access was denied. Allow the microphone to talk to the agent.',
    micMissing: 'No microphone is available on this device or page.',
    failed: 'Failed to connect to agent',
    notAllowed: 'This site is not allowed to use this agent',
    dismiss: 'Dismiss',
  },
  es: {
    talk: 'Hablar con el agente',
    connecting: 'Conectando...',
    end: 'Finalizar llamada',
    inCall: 'En llamada con {name}',
    waiting: 'Esperando a {name}...',
    ended: 'Llamada finalizada',
    micDenied: 'Se denegó el acceso al micrófono. Permítelo para hablar con el agente.',
    micMissing: 'No hay ningún micrófono disponible en este dispositivo o página.',
    failed: 'No se pudo conectar con el agente',
    notAllowed: 'Este sitio no tiene permiso para usar este agente',
    dismiss: 'Cerrar',
  },
  fr: {
    talk: "Parler à l'agent",
    connecting: 'Connexion...',
    end: "Terminer l'appel",
    inCall: 'En appel avec {name}',
    waiting: 'En attente de {name}...',
    ended: 'Appel terminé',
    micDenied: "L'accès au micro a été refusé. Autorisez le micro pour parler à l'agent.",
    micMissing: "Aucun micro n'est disponible sur cet appareil ou cette page.",
    failed: "Impossible de se connecter à l'agent",
    notAllowed: "Ce site n'est pas autorisé à utiliser cet agent",
    dismiss: 'Fermer',
  },
  de: {
    talk: 'Mit dem Agenten sprechen',
    connecting: 'Verbinde...',
    end: 'Anruf beenden',
    inCall: 'Im Gespräch mit {name}',
    waiting: 'Warte auf {name}...',
    ended: 'Anruf beendet',
    micDenied:
      'Der Mikrofonzugriff wurde verweigert. Erlaube das Mikrofon, um mit dem Agenten zu sprechen.',
    micMissing: 'Auf diesem Gerät oder dieser Seite ist kein Mikrofon verfügbar.',
    failed: 'Verbindung zum Agenten fehlgeschlagen',
    notAllowed: 'Diese Website darf diesen Agenten nicht verwenden',
    dismiss: 'Schließen',
  },
};

/** data-language, else the page's `<html lang>`, by primary subtag; English otherwise. */
export function pickLanguage(...candidates: Array<string | null | undefined>): string {
  for (const c of candidates) {
    const primary = c?.trim().toLowerCase().split(/[-_]/)[0];
    if (primary && primary in voiceLabels) return primary;
  }
  return 'en';
}
