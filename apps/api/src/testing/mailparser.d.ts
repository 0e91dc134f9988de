// mailparser ships no types; this covers the one function the SMTP test uses.
declare module 'mailparser' {
  export type ParsedMail = {
    subject?: string
    text?: string
    to?: { text: string }
    from?: { text: string }
  }
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>
}
