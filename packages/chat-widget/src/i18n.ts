export interface ChatLabels {
  openChat: string;
  closeChat: string;
  close: string;
  clear: string;
  send: string;
  message: string;
  placeholder: string;
  thinking: string;
  error: string;
  offline: string;
  /** The agent's Allowed Origins refuse this site. */
  notAllowed: string;
  greeting: string;
  you: string;
  /** Said of a reply written by a person of the site's team (human takeover). */
  team: string;
  conversation: string;
}

const en: ChatLabels = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  close: 'Close',
  clear: 'Clear',
  send: 'Send',
  message: 'Message',
  placeholder: 'Type your message here...',
  thinking: 'Thinking...',
  error: 'Sorry, I encountered an error. Please try again.',
  offline: 'Automatic answer from the knowledge base: the AI model is not available right now.',
  notAllowed: 'This site is not allowed to use this agent',
  greeting: 'Hello! How can I help you today?',
  you: 'You',
  team: 'Our team',
  conversation: 'Conversation',
};

/** Built-in translations; English is the fallback for any other language. */
export const chatLabels: Record<string, ChatLabels> = {
  en,
  es: {
    openChat: 'Abrir chat',
    closeChat: 'Cerrar chat',
    close: 'Cerrar',
    clear: 'Borrar',
    send: 'Enviar',
    message: 'Mensaje',
    placeholder: 'Escribe tu mensaje aquí...',
    thinking: 'Pensando...',
    error: 'Lo siento, se produjo un error. Inténtalo de nuevo.',
    offline:
      'Respuesta automática de la base de conocimiento: el modelo de IA no está disponible ahora.',
    notAllowed: 'Este sitio no tiene permiso para usar este agente',
    greeting: '¡Hola! ¿En qué puedo ayudarte hoy?',
    you: 'Tú',
    team: 'Nuestro equipo',
    conversation: 'Conversación',
  },
  fr: {
    openChat: 'Ouvrir le chat',
    closeChat: 'Fermer le chat',
    close: 'Fermer',
    clear: 'Effacer',
    send: 'Envoyer',
    message: 'Message',
    placeholder: 'Tapez votre message ici...',
    thinking: 'Réflexion...',
    error: 'Désolé, une erreur est survenue. Veuillez réessayer.',
    offline:
      "Réponse automatique tirée de la base de connaissances : le modèle d'IA n'est pas disponible pour le moment.",
    notAllowed: "Ce site n'est pas autorisé à utiliser cet agent",
    greeting: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
    you: 'Vous',
    team: 'Notre équipe',
    conversation: 'Conversation',
  },
  de: {
    openChat: 'Chat öffnen',
    closeChat: 'Chat schließen',
    close: 'Schließen',
    clear: 'Leeren',
    send: 'Senden',
    message: 'Nachricht',
    placeholder: 'Nachricht hier eingeben...',
    thinking: 'Denke nach...',
    error: 'Entschuldigung, es ist ein Fehler aufgetreten. Bitte versuche es erneut.',
    offline:
      'Automatische Antwort aus der Wissensdatenbank: Das KI-Modell ist gerade nicht verfügbar.',
    notAllowed: 'Diese Website darf diesen Agenten nicht verwenden',
    greeting: 'Hallo! Wie kann ich dir heute helfen?',
    you: 'Du',
    team: 'Unser Team',
    conversation: 'Unterhaltung',
  },
};

/**
 * The language the widget speaks: the snippet's data-language, else the page's `<html lang>`,
 * reduced to its primary subtag ('fr-CA' → 'fr'); English when it has no built-in labels.
 */
export function pickLanguage(
  ...candidates: Array<string | null | undefined>
): keyof typeof chatLabels {
  for (const candidate of candidates) {
    const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (primary && primary in chatLabels) return primary;
  }
  return 'en';
}
