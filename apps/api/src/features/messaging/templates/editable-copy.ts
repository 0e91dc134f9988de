// The built-in copy of the templates administrators may edit (reference data): version 0 of each,
// as text with {{placeholders}} (contract MESSAGE_TEMPLATES lists which). A saved version replaces it; the
// phrases that depend on the request (reminder, a fresh link, the data and duration asked for) stay in code
// and fill the placeholders, so an edit changes the wording but never what the patient is told about the data.
import {
  renderTemplate,
  type TemplateKey,
  type TemplateLanguage,
  type TemplatePlaceholder,
} from '@blueconsent/contract/reference-data'

export type TemplateText = { subject: string | null; body: string }

export const BUILT_IN_TEMPLATES: Record<TemplateKey, Record<TemplateLanguage, TemplateText>> = {
  consent_request: {
    en: {
      subject: '{{reminder_prefix}}{{requester}} asks to see your Medicare data',
      body: [
        '{{reminder_prefix}}{{requester}} asks for your permission to see {{data}}.',
        'If you agree, they can see this Medicare data for {{duration}}. It is your choice: you can agree or decline.',
        'Open this link to answer: {{link}}{{replaces_note}}',
        'The link works until {{link_expires}}. If you did not expect this message, ignore it or contact {{organization}}.',
      ].join('\n\n'),
    },
    es: {
      subject: '{{reminder_prefix}}{{requester}} pide ver sus datos de Medicare',
      body: [
        '{{reminder_prefix}}{{requester}} le pide permiso para ver {{data}}.',
        'Si acepta, podrá ver estos datos de Medicare por {{duration}}. Usted decide: puede aceptar o rechazar.',
        'Abra este enlace para responder: {{link}}{{replaces_note}}',
        'El enlace funciona hasta el {{link_expires}}. Si no esperaba este mensaje, ignórelo o contacte a {{organization}}.',
      ].join('\n\n'),
    },
  },
  opt_in: {
    en: {
      subject: null,
      body: 'BlueConsent: {{reminder_prefix}}{{requester}} asks to see {{data}} for {{duration}}. Reply YES to get your secure link, STOP to opt out, HELP for help.',
    },
    es: {
      subject: null,
      body: 'BlueConsent: {{reminder_prefix}}{{requester}} pide ver {{data}} por {{duration}}. Responda SI para recibir su enlace seguro, STOP para no recibir mas, HELP para ayuda.',
    },
  },
  link: {
    en: {
      subject: null,
      body: 'BlueConsent: {{reminder_prefix}}Your secure link for {{requester}}: {{link}} It works until {{link_expires}}.{{replaces_note}} Reply STOP to opt out.',
    },
    es: {
      subject: null,
      body: 'BlueConsent: {{reminder_prefix}}Su enlace para {{requester}}: {{link}} Vale hasta el {{link_expires}}.{{replaces_note}} Responda STOP para salir.',
    },
  },
}

export type PlaceholderValues = Partial<Record<TemplatePlaceholder, string>>

/** A template's text with the request's values filled in. */
export const fill = (text: string, values: PlaceholderValues): string => renderTemplate(text, values)

/** Email paragraphs: separated by a blank line in the template. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
