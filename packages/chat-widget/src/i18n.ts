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
  /** 'Talk to a person' (issue 41): the button, while asking, once asked, when it failed. */
  talkToPerson: string;
  personAsking: string;
  personAsked: string;
  personFailed: string;
  /** What the visitor says when they press it before writing anything. */
  personMessage: string;
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
  talkToPerson: 'Talk to a person',
  personAsking: 'Asking for a person…',
  personAsked: 'A person of the team has been asked to reply here.',
  personFailed: 'The team could not be reached. Please try again.',
  personMessage: 'I would like to talk to a person.',
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
    talkToPerson: 'Hablar con una persona',
    personAsking: 'Llamando a una persona…',
    personAsked: 'Hemos pedido a una persona del equipo que responda aquí.',
    personFailed: 'No se pudo contactar con el equipo. Inténtalo de nuevo.',
    personMessage: 'Me gustaría hablar con una persona.',
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
    talkToPerson: 'Parler à une personne',
    personAsking: 'Demande en cours…',
    personAsked: "Une personne de l'équipe va vous répondre ici.",
    personFailed: "L'équipe n'a pas pu être jointe. Veuillez réessayer.",
    personMessage: 'Je voudrais parler à une personne.',
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
    talkToPerson: 'Mit einem Menschen sprechen',
    personAsking: 'Frage einen Menschen an…',
    personAsked: 'Ein Mensch aus dem Team wurde gebeten, hier zu antworten.',
    personFailed: 'Das Team war nicht erreichbar. Bitte versuche es erneut.',
    personMessage: 'Ich möchte mit einem Menschen sprechen.',
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
