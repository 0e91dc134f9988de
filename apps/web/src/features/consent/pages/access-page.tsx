// /consent/access/:token: the patient's own page, from the link in the approval's receipt. Who has their
// Medicare data, since when, when it was last looked at (by which organisation), when access ends, and
// 'Stop sharing' behind its own confirm screen. A link that does not work says only that.
import type { ConsentLanguage, PatientAccessPage } from '@blueconsent/contract/consent'
import { formatMoment } from '@blueconsent/contract/durations'
import { useEffect, useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { ACCESS_COPY, type AccessCopy } from '../access-copy.ts'
import { fetchPatientAccess, stopSharing } from '../api/consent-api.ts'
import { ConsentLayout, ScreenTitle, useLanguageParam } from '../components/consent-layout.tsx'
import { COPY } from '../copy.ts'

type Loaded =
  | { status: 'pending' }
  | { status: 'invalid' }
  | { status: 'error' }
  | { status: 'success'; page: PatientAccessPage }

/** A 4xx means the link itself does not work (unknown, tampered, expired); anything else may pass. */
const linkBroken = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500

function usePatientAccess(token: string): [Loaded, (page: PatientAccessPage) => void, () => void] {
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<Loaded>({ status: 'pending' })
  useEffect(() => {
    let live = true
    fetchPatientAccess(token).then(
      (page) => live && setLoaded({ status: 'success', page }),
      (error: unknown) => live && setLoaded({ status: linkBroken(error) ? 'invalid' : 'error' }),
    )
    return () => {
      live = false
    }
  }, [token, attempt])
  return [
    loaded,
    (page) => setLoaded({ status: 'success', page }),
    () => {
      setLoaded({ status: 'pending' })
      setAttempt((n) => n + 1)
    },
  ]
}

export function PatientAccessPage() {
  const { token = '' } = useParams()
  const [param, setLanguage] = useLanguageParam()
  const [loaded, replace, retry] = usePatientAccess(token)
  const language: ConsentLanguage = param ?? (loaded.status === 'success' ? loaded.page.language : 'en')
  const copy = ACCESS_COPY[language]
  return (
    <ConsentLayout language={language} onLanguage={setLanguage}>
      {loaded.status === 'pending' ? (
        <Spinner label={COPY[language].loading} />
      ) : loaded.status === 'invalid' ? (
        <>
          <ScreenTitle>{copy.invalidTitle}</ScreenTitle>
          <p>{copy.invalidBody}</p>
        </>
      ) : loaded.status === 'error' ? (
        <>
          <ScreenTitle>{copy.title}</ScreenTitle>
          <Alert type="error">{COPY[language].loadError}</Alert>
          <button type="button" className="btn btn-primary btn-lg text-lg" onClick={retry}>
            {COPY[language].tryAgain}
          </button>
        </>
      ) : (
        <AccessScreens token={token} page={loaded.page} language={language} copy={copy} onStopped={replace} />
      )}
    </ConsentLayout>
  )
}

function AccessScreens({
  token,
  page,
  language,
  copy,
  onStopped,
}: {
  token: string
  page: PatientAccessPage
  language: ConsentLanguage
  copy: AccessCopy
  onStopped: (page: PatientAccessPage) => void
}) {
  const [confirming, setConfirming] = useState(false)
  const [stopped, setStopped] = useState(false)
  const [stopping, setStopping] = useState(false)
  const [failed, setFailed] = useState(false)
  const org = page.organization_name

  const stop = () => {
    setStopping(true)
    setFailed(false)
    stopSharing(token).then(
      (next) => {
        setStopping(false)
        setConfirming(false)
        setStopped(true)
        onStopped(next)
      },
      () => {
        setStopping(false)
        setFailed(true)
      },
    )
  }

  if (confirming) {
    return (
      <>
        <ScreenTitle>{copy.confirmTitle(org)}</ScreenTitle>
        <p>{copy.confirmBody(org)}</p>
        {failed ? <Alert type="error">{copy.stoppingFailed}</Alert> : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className="btn btn-error btn-lg h-auto min-h-14 text-xl"
            disabled={stopping}
            onClick={stop}
          >
            {copy.confirmYes}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-lg h-auto min-h-14 text-xl"
            disabled={stopping}
            onClick={() => setConfirming(false)}
          >
            {copy.goBack}
          </button>
        </div>
      </>
    )
  }

  const active = page.state === 'active'
  return (
    <>
      <ScreenTitle>{stopped ? copy.stoppedTitle : active ? copy.title : copy.endedTitle}</ScreenTitle>
      <p className="text-xl">{stopped ? copy.stoppedBody(org) : copy.intro(org)}</p>
      <dl className="grid gap-3">
        <Fact term={copy.askedBy}>{org}</Fact>
        {page.consented_at ? (
          <Fact term={copy.agreedOn}>{formatMoment(page.consented_at, language)}</Fact>
        ) : null}
        <Fact term={copy.lastRead}>
          {page.last_read_at && page.last_read_by
            ? copy.lastReadBy(page.last_read_at, page.last_read_by)
            : copy.notReadYet}
        </Fact>
        {active && page.access_ends_at ? (
          <Fact term={copy.endsOn}>{formatMoment(page.access_ends_at, language)}</Fact>
        ) : null}
        {!active && page.ended_at ? (
          <Fact term={copy.endedOn}>
            {page.ended_how === 'expired'
              ? copy.endedExpired(page.ended_at)
              : copy.endedStopped(page.ended_at)}
          </Fact>
        ) : null}
      </dl>
      <section aria-labelledby="access-what" className="space-y-1">
        <h2 id="access-what" className="text-xl font-semibold">
          {copy.whatTitle}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {page.data_types.map((type) => (
            <li key={type}>{copy.data[type]}</li>
          ))}
        </ul>
      </section>
      {active ? (
        <>
          <button
            type="button"
            className="btn btn-error btn-lg h-auto min-h-14 text-xl"
            onClick={() => setConfirming(true)}
          >
            {copy.stop}
          </button>
          <p className="text-base">{copy.stopNote}</p>
        </>
      ) : null}
    </>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
