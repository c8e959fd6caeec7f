/**
 * Language lists of the voice and transcriber providers, taken from each provider's own
 * documentation (the spec leaves them out: "The full lists are not reproduced here"):
 * - Deepgram: developers.deepgram.com/docs/models-languages-overview (nova-2, nova-3 rows),
 *   regional variants as separate codes;
 * - OpenAI: the speech-to-text guide's Whisper list (ISO 639-1), plus auto-detect ('multi',
 *   stored as null);
 * - ElevenLabs: elevenlabs.io/docs/models — two-letter codes for the v2/v2.5 models, three-letter
 *   (ISO 639-3) codes for Eleven v3 and Scribe;
 * - Cartesia: the 15 languages of its Sonic models.
 *
 * Every list starts with English so "the first supported language" is a sensible fallback.
 */
export interface LanguageOption {
  /** The code sent to the provider. */
  value: string;
  label: string;
}

type Pairs = ReadonlyArray<readonly [string, string]>;
const list = (pairs: Pairs): LanguageOption[] => pairs.map(([value, label]) => ({ value, label }));

/**
 * A provider's languages by code, in the given order, named as in a fuller list of the same
 * codes (each language is named once); `own` names the codes that list lacks or names otherwise.
 */
function pick(from: readonly LanguageOption[], codes: string, own: Pairs = []): LanguageOption[] {
  const names = new Map([...from.map((l) => [l.value, l.label] as const), ...own]);
  return codes.split(' ').map((value) => {
    const label = names.get(value);
    if (!label) throw new Error(`No language named for ${value}`);
    return { value, label };
  });
}

// ---------------------------------------------------------------- Deepgram

const deepgramEnglish: Pairs = [
  ['en', 'English'],
  ['en-US', 'English (United States)'],
  ['en-AU', 'English (Australia)'],
  ['en-GB', 'English (United Kingdom)'],
  ['en-IN', 'English (India)'],
  ['en-NZ', 'English (New Zealand)'],
];

/** nova-2 (nova-2-general). */
export const deepgramNova2Languages = list([
  ...deepgramEnglish,
  ['bg', 'Bulgarian'],
  ['ca', 'Catalan'],
  ['zh', 'Chinese (Mandarin, Simplified)'],
  ['zh-CN', 'Chinese (Mandarin, Simplified, China)'],
  ['zh-Hans', 'Chinese (Mandarin, Simplified script)'],
  ['zh-TW', 'Chinese (Mandarin, Traditional, Taiwan)'],
  ['zh-Hant', 'Chinese (Mandarin, Traditional script)'],
  ['zh-HK', 'Chinese (Cantonese, Traditional)'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['da-DK', 'Danish (Denmark)'],
  ['nl', 'Dutch'],
  ['et', 'Estonian'],
  ['fi', 'Finnish'],
  ['nl-BE', 'Flemish'],
  ['fr', 'French'],
  ['fr-CA', 'French (Canada)'],
  ['de', 'German'],
  ['de-CH', 'German (Switzerland)'],
  ['el', 'Greek'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ko-KR', 'Korean (South Korea)'],
  ['lv', 'Latvian'],
  ['lt', 'Lithuanian'],
  ['ms', 'Malay'],
  ['no', 'Norwegian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['pt-BR', 'Portuguese (Brazil)'],
  ['pt-PT', 'Portuguese (Portugal)'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['sk', 'Slovak'],
  ['es', 'Spanish'],
  ['es-419', 'Spanish (Latin America)'],
  ['sv', 'Swedish'],
  ['sv-SE', 'Swedish (Sweden)'],
  ['th', 'Thai'],
  ['th-TH', 'Thai (Thailand)'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['vi', 'Vietnamese'],
  ['multi', 'Multilingual (Spanish + English)'],
]);

/** nova-3 (nova-3-general): nova-2's languages but Chinese and Thai, and its own multilingual. */
export const deepgramNova3Languages = [
  ...list(deepgramEnglish),
  ...pick(
    deepgramNova2Languages,
    [
      'bg ca cs da da-DK nl et fi nl-BE fr fr-CA de de-CH el hi hu id it ja ko ko-KR lv lt ms no',
      'pl pt pt-BR pt-PT ro ru sk es es-419 sv sv-SE tr uk vi',
    ].join(' '),
  ),
  { value: 'multi', label: 'Multilingual (code-switching)' },
];

// ---------------------------------------------------------------- OpenAI (Whisper-style)

/** The Whisper list of the OpenAI speech-to-text guide (ISO 639-1). */
export const whisperLanguages = list([
  ['en', 'English'],
  ['af', 'Afrikaans'],
  ['ar', 'Arabic'],
  ['hy', 'Armenian'],
  ['az', 'Azerbaijani'],
  ['be', 'Belarusian'],
  ['bs', 'Bosnian'],
  ['bg', 'Bulgarian'],
  ['ca', 'Catalan'],
  ['zh', 'Chinese'],
  ['hr', 'Croatian'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['nl', 'Dutch'],
  ['et', 'Estonian'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['gl', 'Galician'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['is', 'Icelandic'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['kn', 'Kannada'],
  ['kk', 'Kazakh'],
  ['ko', 'Korean'],
  ['lv', 'Latvian'],
  ['lt', 'Lithuanian'],
  ['mk', 'Macedonian'],
  ['ms', 'Malay'],
  ['mr', 'Marathi'],
  ['mi', 'Maori'],
  ['ne', 'Nepali'],
  ['no', 'Norwegian'],
  ['fa', 'Persian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['sr', 'Serbian'],
  ['sk', 'Slovak'],
  ['sl', 'Slovenian'],
  ['es', 'Spanish'],
  ['sw', 'Swahili'],
  ['sv', 'Swedish'],
  ['tl', 'Tagalog'],
  ['ta', 'Tamil'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['ur', 'Urdu'],
  ['vi', 'Vietnamese'],
  ['cy', 'Welsh'],
]);

/** OpenAI transcription: the Whisper list plus auto-detect (stored as `language: null`). */
export const openAiTranscriberLanguages: LanguageOption[] = [
  ...whisperLanguages,
  { value: 'multi', label: 'Multilingual (auto-detect)' },
];

// ---------------------------------------------------------------- ElevenLabs

/** eleven_multilingual_v2 (and the multilingual STS / TTV v2 models): 29 languages. */
export const elevenMultilingualV2Languages = pick(
  whisperLanguages,
  'en ar bg zh hr cs da nl fil fi fr de el hi id it ja ko ms pl pt ro ru sk es sv ta tr uk',
  [['fil', 'Filipino']],
);

/** eleven_flash_v2_5 / eleven_turbo_v2_5: the multilingual v2 languages plus hu, no, vi (32). */
export const elevenV25Languages = [
  ...elevenMultilingualV2Languages,
  ...list([
    ['hu', 'Hungarian'],
    ['no', 'Norwegian'],
    ['vi', 'Vietnamese'],
  ]),
];

/** English-only models (eleven_flash_v2, eleven_turbo_v2, eleven_english_sts_v2). */
export const elevenEnglishOnly = list([['en', 'English']]);

/** Scribe v1 (speech to text): 99 languages, ISO 639-3 codes. */
export const elevenScribeLanguages = list([
  ['eng', 'English'],
  ['afr', 'Afrikaans'],
  ['amh', 'Amharic'],
  ['ara', 'Arabic'],
  ['hye', 'Armenian'],
  ['asm', 'Assamese'],
  ['ast', 'Asturian'],
  ['aze', 'Azerbaijani'],
  ['bel', 'Belarusian'],
  ['ben', 'Bengali'],
  ['bos', 'Bosnian'],
  ['bul', 'Bulgarian'],
  ['mya', 'Burmese'],
  ['yue', 'Cantonese'],
  ['cat', 'Catalan'],
  ['ceb', 'Cebuano'],
  ['nya', 'Chichewa'],
  ['hrv', 'Croatian'],
  ['ces', 'Czech'],
  ['dan', 'Danish'],
  ['nld', 'Dutch'],
  ['est', 'Estonian'],
  ['fil', 'Filipino'],
  ['fin', 'Finnish'],
  ['fra', 'French'],
  ['ful', 'Fulah'],
  ['glg', 'Galician'],
  ['lug', 'Ganda'],
  ['kat', 'Georgian'],
  ['deu', 'German'],
  ['ell', 'Greek'],
  ['guj', 'Gujarati'],
  ['hau', 'Hausa'],
  ['heb', 'Hebrew'],
  ['hin', 'Hindi'],
  ['hun', 'Hungarian'],
  ['isl', 'Icelandic'],
  ['ibo', 'Igbo'],
  ['ind', 'Indonesian'],
  ['gle', 'Irish'],
  ['ita', 'Italian'],
  ['jpn', 'Japanese'],
  ['jav', 'Javanese'],
  ['kea', 'Kabuverdianu'],
  ['kan', 'Kannada'],
  ['kaz', 'Kazakh'],
  ['khm', 'Khmer'],
  ['kor', 'Korean'],
  ['kur', 'Kurdish'],
  ['kir', 'Kyrgyz'],
  ['lao', 'Lao'],
  ['lav', 'Latvian'],
  ['lin', 'Lingala'],
  ['lit', 'Lithuanian'],
  ['luo', 'Luo'],
  ['ltz', 'Luxembourgish'],
  ['mkd', 'Macedonian'],
  ['msa', 'Malay'],
  ['mal', 'Malayalam'],
  ['mlt', 'Maltese'],
  ['zho', 'Mandarin Chinese'],
  ['mri', 'Māori'],
  ['mar', 'Marathi'],
  ['mon', 'Mongolian'],
  ['nep', 'Nepali'],
  ['nso', 'Northern Sotho'],
  ['nor', 'Norwegian'],
  ['oci', 'Occitan'],
  ['ori', 'Odia'],
  ['pus', 'Pashto'],
  ['fas', 'Persian'],
  ['pol', 'Polish'],
  ['por', 'Portuguese'],
  ['pan', 'Punjabi'],
  ['ron', 'Romanian'],
  ['rus', 'Russian'],
  ['srp', 'Serbian'],
  ['sna', 'Shona'],
  ['snd', 'Sindhi'],
  ['slk', 'Slovak'],
  ['slv', 'Slovenian'],
  ['som', 'Somali'],
  ['spa', 'Spanish'],
  ['swa', 'Swahili'],
  ['swe', 'Swedish'],
  ['tam', 'Tamil'],
  ['tgk', 'Tajik'],
  ['tel', 'Telugu'],
  ['tha', 'Thai'],
  ['tur', 'Turkish'],
  ['ukr', 'Ukrainian'],
  ['umb', 'Umbundu'],
  ['urd', 'Urdu'],
  ['uzb', 'Uzbek'],
  ['vie', 'Vietnamese'],
  ['cym', 'Welsh'],
  ['wol', 'Wolof'],
  ['xho', 'Xhosa'],
  ['zul', 'Zulu'],
]);

/** Eleven v3 (and the v3 voice design model): 74 languages, ISO 639-3 codes (Scribe's names). */
export const elevenV3Languages = pick(
  elevenScribeLanguages,
  [
    'eng afr ara hye asm aze bel ben bos bul cat ceb nya hrv ces dan nld est fil fin fra glg',
    'kat deu ell guj hau heb hin hun isl ind gle ita jpn jav kan kaz kir kor lav lin lit ltz',
    'mkd msa mal cmn mar nep nor pus fas pol por pan ron rus srp snd slk slv som spa swa swe',
    'tam tel tha tur ukr urd vie cym',
  ].join(' '),
  [
    ['kir', 'Kirghiz'],
    ['cmn', 'Mandarin Chinese'],
  ],
);

// ---------------------------------------------------------------- Cartesia

/** The 15 languages of Cartesia's Sonic models. */
export const cartesiaLanguages = pick(
  whisperLanguages,
  'en zh nl fr de hi it ja ko pl pt ru es sv tr',
);
