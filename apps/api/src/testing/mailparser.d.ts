// mailparser ships no types; this covers the one function the SMTP tests use.
declare module 'mailparser' {
  export type ParsedMail = {
    subject?: string
    messageId?: string
    text?: string
    to?: { text: string }
    from?: { text: string }
  }
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>
}
