// Everything the patient reads, in English and Spanish: plain words, short sentences.
import type { ConsentDataType, ConsentLanguage } from '@blueconsent/contract/consent'
import {
  DURATIONS,
  durationSentences,
  periodText,
  type AccessPeriod,
  type AccessType,
} from '@blueconsent/contract/durations'
import type { Role } from '@blueconsent/contract/shared'

export type Copy = {
  languageName: string
  switchTo: string
  privacyPolicy: string
  termsOfService: string
  loading: string
  title: string
  asks: (who: string, org: string) => string
  whyTitle: string
  whyProvider: string
  whyAgent: string
  dataTitle: string
  data: Record<ConsentDataType, string>
  /** What the portal asks Medicare for, item by item, with Medicare's name for each (its OAuth scopes). */
  medicareTitle: string
  medicareAsks: Record<AccessType, string[]>
  /** Medicare's own question about alcohol and substance use records, and what saying no means here. */
  part2Note: string
  howLongTitle: string
  /** For how long the organisation keeps access, and what Medicare itself grants. */
  howLong: (period: AccessPeriod, type: AccessType) => [string, string]
  yourChoice: string
  linkValidUntil: (at: string) => string
  connect: string
  connectNote: string
  decline: string
  connecting: string
  confirmTitle: string
  confirmBody: (org: string) => string
  confirmYes: string
  goBack: string
  declinedTitle: string
  declinedBody: (org: string) => string
  answeredTitle: string
  answeredBody: (org: string) => string
  expiredTitle: string
  expiredBody: (org: string) => string
  invalidTitle: string
  invalidBody: string
  unavailableTitle: string
  unavailableBody: string
  loadError: string
  actionError: string
  tryAgain: string
  theOrganization: string
  roles: Record<Role, string>
  complete: {
    authorizedTitle: string
    authorizedBody: string
    nextTitle: string
    nextBody: string
    withdrawTitle: string
    withdrawMedicare: string
    medicareLink: string
    withdrawContact: string
    deniedTitle: string
    deniedBody: string
    errorTitle: string
    errorBody: string
    closeNote: string
  }
}

const en: Copy = {
  languageName: 'English',
  switchTo: 'Language',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  loading: 'Loading…',
  title: 'Share your Medicare information?',
  asks: (who, org) => `${who} at ${org} is asking to see some of your Medicare information.`,
  whyTitle: 'Why they are asking',
  whyProvider:
    'To help take care of you. Knowing your medicines and past care helps them plan your care and avoid mistakes.',
  whyAgent: 'To help you compare Medicare plans that cover the medicines you take.',
  dataTitle: 'What they will see',
  data: {
    medications: 'Your prescription medicines (Medicare Part D)',
    claims: 'Your Medicare claims: doctor visits, tests, hospital stays and diagnoses',
    risk_score: 'A health risk score worked out from your claims, the way Medicare does it',
  },
  medicareTitle: 'What we ask Medicare for',
  medicareAsks: {
    insurance_agent: [
      'Medicare claims (patient/ExplanationOfBenefit.rs). We keep only the prescription drug ones (Part D).',
      'Name, date of birth and sex (patient/Patient.rs), to check the Medicare record is yours.',
      'Medicare coverage (patient/Coverage.rs): which parts of Medicare you have, to compare plans with.',
    ],
    healthcare_provider: [
      'Medicare claims (patient/ExplanationOfBenefit.rs): doctor, hospital and prescription drug claims.',
      'Name, date of birth and sex (patient/Patient.rs), to check the Medicare record is yours.',
      'Medicare coverage (patient/Coverage.rs): which parts of Medicare you have.',
    ],
  },
  part2Note:
    'Medicare may ask if you also want to share alcohol and substance use treatment records. You can say no. If you do, conditions from those records will not show.',
  howLongTitle: 'For how long',
  howLong: (period, type) => [
    type === 'insurance_agent'
      ? `One time only. They can see one copy of your medication list for ${durationSentences('en').accessFor(period)}.`
      : `For ${durationSentences('en').accessFor(period)}, unless you stop it sooner.`,
    durationSentences('en').medicare(type),
  ],
  yourChoice: 'It is your choice. Saying no does not change your Medicare benefits.',
  linkValidUntil: (at) => durationSentences('en').linkWorksUntil(at),
  connect: 'Connect with Medicare',
  connectNote: 'You will sign in on Medicare’s secure page. We never see your Medicare password.',
  decline: 'Decline',
  connecting: 'Opening Medicare…',
  confirmTitle: 'Are you sure you want to decline?',
  confirmBody: (org) =>
    `${org} will not see your Medicare information. You can ask them for a new link later.`,
  confirmYes: 'Yes, decline',
  goBack: 'Go back',
  declinedTitle: 'You declined',
  declinedBody: (org) => `We told ${org}. They will not see your Medicare information.`,
  answeredTitle: 'This link was already used',
  answeredBody: (org) => `You already answered this request. To change your answer, contact ${org}.`,
  expiredTitle: 'This link has expired',
  expiredBody: (org) =>
    `Links work for ${periodText({ unit: 'days', count: DURATIONS.consentLinkDays }, 'en')}. Contact ${org} to get a new link.`,
  invalidTitle: 'This link does not work',
  invalidBody: 'Check that you opened the whole link from your message, or contact the person who sent it.',
  unavailableTitle: 'This request is not available right now',
  unavailableBody:
    'Nothing is needed from you at this time, and no information has been shared. If you have questions, contact the office that sent you this link.',
  loadError: 'Something went wrong while loading this page.',
  actionError: 'Something went wrong. Please try again.',
  tryAgain: 'Try again',
  theOrganization: 'the organization',
  roles: {
    ADMIN: 'Administrator',
    USER: 'Staff member',
    ACO_ADMIN: 'Care team administrator',
    ACO_USER: 'Care provider',
    PHYSICIAN_ADMIN: 'Practice administrator',
    PHYSICIAN_USER: 'Physician',
    CLINICIAN: 'Clinician',
    AGENT_ADMIN: 'Insurance agency administrator',
    AGENT_USER: 'Insurance agent',
    PATIENT: 'Patient',
  },
  complete: {
    authorizedTitle: 'You are connected',
    authorizedBody:
      'Thank you. Your Medicare information will be shared with the organization that asked. We sent you a receipt.',
    nextTitle: 'What happens next',
    nextBody:
      'They will receive your information in the next few minutes. You do not need to do anything else.',
    withdrawTitle: 'How to stop sharing',
    withdrawMedicare: 'Sign in at Medicare.gov and remove BlueConsent from your connected apps.',
    medicareLink: 'Go to Medicare.gov',
    withdrawContact: 'Or contact the organization that asked you, and they will stop.',
    deniedTitle: 'You said no',
    deniedBody: 'Your Medicare information was not shared. Nothing else changes.',
    errorTitle: 'We could not connect to Medicare',
    errorBody:
      'Nothing was shared. Open the link in your message to try again. If it keeps happening, contact the organization that asked.',
    closeNote: 'You can close this page now.',
  },
}

const es: Copy = {
  languageName: 'Español',
  switchTo: 'Idioma',
  privacyPolicy: 'Política de privacidad',
  termsOfService: 'Términos del servicio',
  loading: 'Cargando…',
  title: '¿Compartir su información de Medicare?',
  asks: (who, org) => `${who} de ${org} le pide ver parte de su información de Medicare.`,
  whyTitle: 'Por qué lo piden',
  whyProvider:
    'Para ayudar a cuidarle. Conocer sus medicinas y su atención anterior les ayuda a planear su cuidado y evitar errores.',
  whyAgent: 'Para ayudarle a comparar planes de Medicare que cubren las medicinas que usted toma.',
  dataTitle: 'Qué van a ver',
  data: {
    medications: 'Sus medicinas con receta (Medicare Parte D)',
    claims: 'Sus reclamos de Medicare: visitas al médico, pruebas, estadías en el hospital y diagnósticos',
    risk_score: 'Un puntaje de riesgo de salud calculado con sus reclamos, como lo hace Medicare',
  },
  medicareTitle: 'Lo que le pedimos a Medicare',
  medicareAsks: {
    insurance_agent: [
      'Reclamos de Medicare (patient/ExplanationOfBenefit.rs). Solo guardamos los de medicamentos con receta (Parte D).',
      'Nombre, fecha de nacimiento y sexo (patient/Patient.rs), para confirmar que el registro de Medicare es suyo.',
      'Cobertura de Medicare (patient/Coverage.rs): qué partes de Medicare tiene, para comparar planes.',
    ],
    healthcare_provider: [
      'Reclamos de Medicare (patient/ExplanationOfBenefit.rs): médicos, hospitales y medicamentos con receta.',
      'Nombre, fecha de nacimiento y sexo (patient/Patient.rs), para confirmar que el registro de Medicare es suyo.',
      'Cobertura de Medicare (patient/Coverage.rs): qué partes de Medicare tiene.',
    ],
  },
  part2Note:
    'Medicare puede preguntarle si también quiere compartir registros de tratamiento por consumo de alcohol o sustancias. Puede decir que no. Si dice que no, las condiciones de esos registros no aparecerán.',
  howLongTitle: 'Por cuánto tiempo',
  howLong: (period, type) => [
    type === 'insurance_agent'
      ? `Solo una vez. Pueden ver una copia de su lista de medicamentos por ${durationSentences('es').accessFor(period)}.`
      : `Por ${durationSentences('es').accessFor(period)}, a menos que usted lo detenga antes.`,
    durationSentences('es').medicare(type),
  ],
  yourChoice: 'Usted decide. Decir que no, no cambia sus beneficios de Medicare.',
  linkValidUntil: (at) => durationSentences('es').linkWorksUntil(at),
  connect: 'Conectar con Medicare',
  connectNote:
    'Va a iniciar sesión en la página segura de Medicare. Nosotros nunca vemos su contraseña de Medicare.',
  decline: 'Rechazar',
  connecting: 'Abriendo Medicare…',
  confirmTitle: '¿Seguro que quiere rechazar?',
  confirmBody: (org) =>
    `${org} no verá su información de Medicare. Más tarde puede pedirles un enlace nuevo.`,
  confirmYes: 'Sí, rechazar',
  goBack: 'Volver',
  declinedTitle: 'Usted rechazó la solicitud',
  declinedBody: (org) => `Le avisamos a ${org}. No verán su información de Medicare.`,
  answeredTitle: 'Este enlace ya se usó',
  answeredBody: (org) =>
    `Usted ya respondió a esta solicitud. Para cambiar su respuesta, comuníquese con ${org}.`,
  expiredTitle: 'Este enlace venció',
  expiredBody: (org) =>
    `Los enlaces funcionan por ${periodText({ unit: 'days', count: DURATIONS.consentLinkDays }, 'es')}. Comuníquese con ${org} para recibir un enlace nuevo.`,
  invalidTitle: 'Este enlace no funciona',
  invalidBody:
    'Revise que abrió el enlace completo de su mensaje, o comuníquese con la persona que se lo envió.',
  unavailableTitle: 'Esta solicitud no está disponible en este momento',
  unavailableBody:
    'Por ahora no necesita hacer nada, y no se compartió ninguna información. Si tiene preguntas, comuníquese con la oficina que le envió este enlace.',
  loadError: 'Algo salió mal al cargar esta página.',
  actionError: 'Algo salió mal. Inténtelo de nuevo.',
  tryAgain: 'Intentar de nuevo',
  theOrganization: 'la organización',
  roles: {
    ADMIN: 'Administrador',
    USER: 'Miembro del personal',
    ACO_ADMIN: 'Administrador del equipo de atención',
    ACO_USER: 'Proveedor de atención',
    PHYSICIAN_ADMIN: 'Administrador de la práctica',
    PHYSICIAN_USER: 'Médico',
    CLINICIAN: 'Profesional clínico',
    AGENT_ADMIN: 'Administrador de la agencia de seguros',
    AGENT_USER: 'Agente de seguros',
    PATIENT: 'Paciente',
  },
  complete: {
    authorizedTitle: 'Ya está conectado',
    authorizedBody:
      'Gracias. Su información de Medicare se compartirá con la organización que la pidió. Le enviamos un recibo.',
    nextTitle: 'Qué pasa ahora',
    nextBody: 'Recibirán su información en los próximos minutos. No tiene que hacer nada más.',
    withdrawTitle: 'Cómo dejar de compartir',
    withdrawMedicare: 'Inicie sesión en Medicare.gov y quite BlueConsent de sus aplicaciones conectadas.',
    medicareLink: 'Ir a Medicare.gov',
    withdrawContact: 'O comuníquese con la organización que se lo pidió, y dejarán de recibirla.',
    deniedTitle: 'Usted dijo que no',
    deniedBody: 'Su información de Medicare no se compartió. Nada más cambia.',
    errorTitle: 'No pudimos conectar con Medicare',
    errorBody:
      'No se compartió nada. Abra el enlace de su mensaje para intentarlo de nuevo. Si sigue pasando, comuníquese con la organización que se lo pidió.',
    closeNote: 'Ya puede cerrar esta página.',
  },
}

export const COPY: Record<ConsentLanguage, Copy> = { en, es }

export const LANGUAGES: readonly ConsentLanguage[] = ['en', 'es']

export const parseLanguage = (value: string | null): ConsentLanguage | null =>
  value === 'en' || value === 'es' ? value : null
