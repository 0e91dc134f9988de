// The patient's access page in English and Spanish: who has their Medicare data, since when, and how to
// stop it. Dates and times are stated as every other screen states them (the contract's durations module).
import type { ConsentDataType, ConsentLanguage } from '@blueconsent/contract/consent'
import { formatMoment } from '@blueconsent/contract/durations'

export type AccessCopy = {
  title: string
  intro: (org: string) => string
  whatTitle: string
  askedBy: string
  agreedOn: string
  lastRead: string
  lastReadBy: (at: string, org: string) => string
  notReadYet: string
  endsOn: string
  endedOn: string
  endedStopped: (at: string) => string
  endedExpired: (at: string) => string
  stop: string
  stopNote: string
  confirmTitle: (org: string) => string
  confirmBody: (org: string) => string
  confirmYes: string
  goBack: string
  stoppingFailed: string
  stoppedTitle: string
  stoppedBody: (org: string) => string
  endedTitle: string
  invalidTitle: string
  invalidBody: string
  data: Record<ConsentDataType, string>
}

const en: AccessCopy = {
  title: 'Who has your Medicare data',
  intro: (org) => `You agreed to share some of your Medicare data with ${org}.`,
  whatTitle: 'What they can see',
  askedBy: 'Asked by',
  agreedOn: 'You agreed on',
  lastRead: 'Last looked at',
  lastReadBy: (at, org) => `${formatMoment(at, 'en')}, by ${org}`,
  notReadYet: 'Not yet',
  endsOn: 'Access ends',
  endedOn: 'Access ended',
  endedStopped: (at) => `${formatMoment(at, 'en')}. You or the organization stopped it.`,
  endedExpired: (at) => `${formatMoment(at, 'en')}. The time you agreed to is over.`,
  stop: 'Stop sharing',
  stopNote: 'Stopping is immediate. It does not change your Medicare benefits.',
  confirmTitle: (org) => `Stop sharing with ${org}?`,
  confirmBody: (org) =>
    `${org} will no longer see your Medicare data, and we cancel their access at Medicare too. To share again, they must ask you again.`,
  confirmYes: 'Yes, stop sharing',
  goBack: 'Go back',
  stoppingFailed: 'Something went wrong. Please try again.',
  stoppedTitle: 'You stopped sharing',
  stoppedBody: (org) => `${org} can no longer see your Medicare data. We told them.`,
  endedTitle: 'Sharing has ended',
  invalidTitle: 'This link does not work',
  invalidBody:
    'Check that you opened the whole link from your message, or contact the organization that asked you.',
  data: {
    medications: 'Your prescription medicines (Medicare Part D)',
    claims: 'Your Medicare claims: doctor visits, tests, hospital stays and diagnoses',
    risk_score: 'A health risk score worked out from your claims',
  },
}

const es: AccessCopy = {
  title: 'Quién tiene sus datos de Medicare',
  intro: (org) => `Usted aceptó compartir parte de sus datos de Medicare con ${org}.`,
  whatTitle: 'Qué pueden ver',
  askedBy: 'Lo pidió',
  agreedOn: 'Usted aceptó el',
  lastRead: 'Última consulta',
  lastReadBy: (at, org) => `${formatMoment(at, 'es')}, por ${org}`,
  notReadYet: 'Todavía no',
  endsOn: 'El acceso termina',
  endedOn: 'El acceso terminó',
  endedStopped: (at) => `${formatMoment(at, 'es')}. Usted o la organización lo detuvo.`,
  endedExpired: (at) => `${formatMoment(at, 'es')}. Terminó el tiempo que usted aceptó.`,
  stop: 'Dejar de compartir',
  stopNote: 'Se detiene de inmediato. No cambia sus beneficios de Medicare.',
  confirmTitle: (org) => `¿Dejar de compartir con ${org}?`,
  confirmBody: (org) =>
    `${org} ya no verá sus datos de Medicare, y también cancelamos su acceso en Medicare. Para volver a compartir, tendrán que pedírselo de nuevo.`,
  confirmYes: 'Sí, dejar de compartir',
  goBack: 'Volver',
  stoppingFailed: 'Algo salió mal. Inténtelo de nuevo.',
  stoppedTitle: 'Usted dejó de compartir',
  stoppedBody: (org) => `${org} ya no puede ver sus datos de Medicare. Les avisamos.`,
  endedTitle: 'Ya no se comparte',
  invalidTitle: 'Este enlace no funciona',
  invalidBody:
    'Revise que abrió el enlace completo de su mensaje, o comuníquese con la organización que se lo pidió.',
  data: {
    medications: 'Sus medicinas con receta (Medicare Parte D)',
    claims: 'Sus reclamos de Medicare: visitas al médico, pruebas, estadías en el hospital y diagnósticos',
    risk_score: 'Un puntaje de riesgo de salud calculado con sus reclamos',
  },
}

export const ACCESS_COPY: Record<ConsentLanguage, AccessCopy> = { en, es }
