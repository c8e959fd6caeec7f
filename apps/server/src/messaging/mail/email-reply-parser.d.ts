declare module 'email-reply-parser' {
  interface ParsedEmail {
    getVisibleText(): string;
    getQuotedText(): string;
  }
  export default class EmailReplyParser {
    read(text: string): ParsedEmail;
    parseReply(text: string): string;
  }
}
