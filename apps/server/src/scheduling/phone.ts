import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in its normalised E.164 form (libphonenumber-js): `+44 07911 123456`,
 * `+4407911123456` and `+447911123456` are one number, `+447911123456` (the national trunk '0'
 * dropped, spaces and punctuation gone). A number it cannot parse stays as written (trimmed).
 */
export function e164Of(phone: string): string {
  return parsePhoneNumberFromString(phone.trim())?.number ?? phone.trim();
}

/**
 * The spellings a stored number may have: as written and normalised (rows written before the
 * list was normalised keep their spelling).
 */
export const phoneSpellings = (phone: string): string[] => [...new Set([phone, e164Of(phone)])];
