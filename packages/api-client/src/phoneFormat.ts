/**
 * Number formats of spec channels-and-shell §9: US numbers (10 digits, or 11 starting with 1)
 * read '+1 xxx xxx xxxx' in the assignment dialogs and '(xxx) xxx-xxxx' as the friendly form;
 * anything else is shown as it is.
 */
function usDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/** '+1 415 555 0100' (assignment dialogs). */
export function dialogPhoneNumber(value: string): string {
  const us = usDigits(value);
  return us ? `+1 ${us.slice(0, 3)} ${us.slice(3, 6)} ${us.slice(6)}` : value;
}

/** '(415) 555-0100' (the friendly form). */
export function friendlyPhoneNumber(value: string): string {
  const us = usDigits(value);
  return us ? `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}` : value;
}

/** SMS and WhatsApp unassign strip a leading '+' from the number first (§5). */
export const withoutPlus = (value: string) => value.replace(/^\+/, '');
