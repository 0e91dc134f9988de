// /consent/complete?result=authorized|denied|error&lang=: where Blue Button's callback lands the patient.
import type { ConsentResult } from '@blueconsent/contract/consent'
import { useSearchParams } from 'react-router'
import { ConsentLayout, ScreenTitle, useLanguageParam } from '../components/consent-layout.tsx'
import { COPY } from '../copy.ts'

const MEDICARE_URL = 'https://www.medicare.gov/'

const resultOf = (value: string | null): ConsentResult =>
  value === 'authorized' || value === 'denied' ? value : 'error'

export function ConsentCompletePage() {
  const [params] = useSearchParams()
  const [param, setLanguage] = useLanguageParam()
  const language = param ?? 'en'
  const copy = COPY[language].complete
  const result = resultOf(params.get('result'))
  return (
    <ConsentLayout language={language} onLanguage={setLanguage}>
      {result === 'authorized' ? (
        <>
          <ScreenTitle>{copy.authorizedTitle}</ScreenTitle>
          <p className="text-xl">{copy.authorizedBody}</p>
          <section aria-labelledby="consent-next" className="space-y-1">
            <h2 id="consent-next" className="text-xl font-semibold">
              {copy.nextTitle}
            </h2>
            <p>{copy.nextBody}</p>
          </section>
          <section aria-labelledby="consent-withdraw" className="space-y-2">
            <h2 id="consent-withdraw" className="text-xl font-semibold">
              {copy.withdrawTitle}
            </h2>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                {copy.withdrawMedicare}{' '}
                <a className="link link-primary" href={MEDICARE_URL} rel="noopener noreferrer">
                  {copy.medicareLink}
                </a>
              </li>
              <li>{copy.withdrawContact}</li>
            </ul>
          </section>
        </>
      ) : result === 'denied' ? (
        <>
          <ScreenTitle>{copy.deniedTitle}</ScreenTitle>
          <p className="text-xl">{copy.deniedBody}</p>
        </>
      ) : (
        <>
          <ScreenTitle>{copy.errorTitle}</ScreenTitle>
          <p className="text-xl">{copy.errorBody}</p>
        </>
      )}
      <p>{copy.closeNote}</p>
    </ConsentLayout>
  )
}
