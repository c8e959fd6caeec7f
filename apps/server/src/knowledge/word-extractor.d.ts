declare module 'word-extractor' {
  /** word-extractor reads legacy Word (.doc) files. */
  export default class WordExtractor {
    extract(input: Buffer | string): Promise<{ getBody(): string }>;
  }
}
