// /consent/:token: the patient's decision, written for older adults on phones. One decision per screen: the request
// with 'Connect with Medicare' / 'Decline', then a confirm step for declining.
import type { ConsentLanguage, ConsentPage as ConsentLink } from '@blueconsent/contract/consent'
import { useState } from 'react'
import { useParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { connectWithMedicare, declineConsent, fetchConsentLink } from '../api/consent-api.ts'
import { browser } from '../browser.ts'
import { ConsentLayout, ScreenTitle, useLanguageParam } from '../components/consent-layout.tsx'
import { accessPeriod } from '@blueconsent/contract/durations'
import { COPY, type Copy } from '../copy.ts'
import { useAction, useLoad } from '../use-async.ts'

type Screen = 'ask' | 'confirm' | 'declined'

export function ConsentPage() {
  const { token = '' } = useParams()
  const [param, setLanguage] = useLanguageParam()
  const [link, reload] = useLoad(fetchConsentLink, token)
  const language: ConsentLanguage = param ?? (link.status === 'success' ? link.data.language : 'en')
  const copy = COPY[language]
  return (
    <ConsentLayout language={language} onLanguage={setLanguage}>
      {link.status === 'pending' ? (
        <Spinner label={copy.loading} />
      ) : link.status === 'error' ? (
        <LoadError copy={copy} onRetry={reload} />
      ) : (
        <LinkScreens token={token} link={link.data} language={language} copy={copy} />
      )}
    </ConsentLayout>
  )
}

function LoadError({ copy, onRetry }: { copy: Copy; onRetry: () => void }) {
  return (
    <>
      <ScreenTitle>{copy.title}</ScreenTitle>
      <Alert type="error">{copy.loadError}</Alert>
      <button type="button" className="btn btn-primary btn-lg text-lg" onClick={onRetry}>
        {copy.tryAgain}
      </button>
    </>
  )
}

const orgOf = (link: ConsentLink, copy: Copy) => link.organization_name ?? copy.theOrganization

function LinkScreens({
  token,
  link,
  language,
  copy,
}: {
  token: string
  link: ConsentLink
  language: ConsentLanguage
  copy: Copy
}) {
  const [screen, setScreen] = useState<Screen>('ask')
  const org = orgOf(link, copy)
  if (screen === 'declined') return <Message title={copy.declinedTitle} body={copy.declinedBody(org)} />
  if (link.state === 'answered') return <Message title={copy.answeredTitle} body={copy.answeredBody(org)} />
  if (link.state === 'expired') return <Message title={copy.expiredTitle} body={copy.expiredBody(org)} />
  if (link.state === 'invalid') return <Message title={copy.invalidTitle} body={copy.invalidBody} />
  if (link.state === 'unavailable')
    return <Message title={copy.unavailableTitle} body={copy.unavailableBody} />
  if (screen === 'confirm') {
    return (
      <ConfirmDecline
        token={token}
        org={org}
        copy={copy}
        onBack={() => setScreen('ask')}
        onDone={() => setScreen('declined')}
      />
    )
  }
  return (
    <Ask token={token} link={link} language={language} copy={copy} onDecline={() => setScreen('confirm')} />
  )
}

function Message({ title, body }: { title: string; body: string }) {
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      <p>{body}</p>
    </>
  )
}

function Ask({
  token,
  link,
  language,
  copy,
  onDecline,
}: {
  token: string
  link: ConsentLink
  language: ConsentLanguage
  copy: Copy
  onDecline: () => void
}) {
  const connect = useAction(
    () => connectWithMedicare(token, language),
    (result) => browser.assign(result.authorize_url),
  )
  const role = link.requester_role ? copy.roles[link.requester_role] : null
  const who = [link.requester_name, role && `(${role})`].filter(Boolean).join(' ')
  const agent = link.authorization_type === 'insurance_agent'
  const type = link.authorization_type ?? 'healthcare_provider'
  return (
    <>
      <ScreenTitle>{copy.title}</ScreenTitle>
      <p className="text-xl">{copy.asks(who || orgOf(link, copy), orgOf(link, copy))}</p>
      <section aria-labelledby="consent-why" className="space-y-1">
        <h2 id="consent-why" className="text-xl font-semibold">
          {copy.whyTitle}
        </h2>
        <p>{agent ? copy.whyAgent : copy.whyProvider}</p>
      </section>
      <section aria-labelledby="consent-data" className="space-y-1">
        <h2 id="consent-data" className="text-xl font-semibold">
          {copy.dataTitle}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {link.data_types.map((type) => (
            <li key={type}>{copy.data[type]}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="consent-medicare" className="space-y-1">
        <h2 id="consent-medicare" className="text-xl font-semibold">
          {copy.medicareTitle}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {copy.medicareAsks[type].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{copy.part2Note}</p>
      </section>
      <section aria-labelledby="consent-duration" className="space-y-1">
        <h2 id="consent-duration" className="text-xl font-semibold">
          {copy.howLongTitle}
        </h2>
        {copy.howLong(accessPeriod(type, link.duration_days), type).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      <p className="font-semibold">{copy.yourChoice}</p>
      {link.expires_at ? <p>{copy.linkValidUntil(link.expires_at)}</p> : null}
      {connect.failed ? <Alert type="error">{copy.actionError}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn btn-primary btn-lg h-auto min-h-14 text-xl"
          disabled={connect.pending || connect.done}
          onClick={connect.run}
        >
          {connect.pending || connect.done ? copy.connecting : copy.connect}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-lg h-auto min-h-14 text-xl"
          disabled={connect.pending}
          onClick={onDecline}
        >
          {copy.decline}
        </button>
      </div>
      <p className="text-base">{copy.connectNote}</p>
    </>
  )
}

function ConfirmDecline({
  token,
  org,
  copy,
  onBack,
  onDone,
}: {
  token: string
  org: string
  copy: Copy
  onBack: () => void
  onDone: () => void
}) {
  const decline = useAction(() => declineConsent(token), onDone)
  return (
    <>
      <ScreenTitle>{copy.confirmTitle}</ScreenTitle>
      <p>{copy.confirmBody(org)}</p>
      {decline.failed ? <Alert type="error">{copy.actionError}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn btn-error btn-lg h-auto min-h-14 text-xl"
          disabled={decline.pending}
          onClick={decline.run}
        >
          {copy.confirmYes}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-lg h-auto min-h-14 text-xl"
          disabled={decline.pending}
          onClick={onBack}
        >
          {copy.goBack}
        </button>
      </div>
    </>
  )
}
