// /app/admin/reference-data: the reference tables every admin may consult (the health plan, the CMS-HCC
// payment years and their blend, US states) and the patient-facing message templates with a preview in
// English and Spanish. Platform administrators edit a template here; each save is a new version, and any
// older version can be restored (saved again as the newest).
import {
  MESSAGE_TEMPLATES,
  TEMPLATE_LANGUAGE_LABELS,
  TEMPLATE_MESSAGES,
  TEMPLATE_PLACEHOLDERS,
  isTemplateKey,
  renderTemplate,
  smsPreviewFacts,
  templateErrors,
  templateSampleValues,
  type MessageTemplate,
  type MessageTemplateHistory,
  type ReferenceData,
  type TemplateErrors,
  type TemplateKey,
  type TemplateLanguage,
  type TemplatePlaceholder,
  type TemplateVersion,
} from '@blueconsent/contract/reference-data'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextAreaField } from '@/components/ui/text-area-field.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import {
  useMessageTemplates,
  useReferenceData,
  useTemplateChange,
  useTemplateHistory,
} from '../api/reference-data-api.ts'
import { DataTable } from '@/components/ui/data-table.tsx'

const LOAD_FAILED = 'Failed to load. Please try again.'
type Selected = { key: TemplateKey; language: TemplateLanguage }

export function ReferenceDataPage() {
  const tables = useReferenceData()
  const templates = useMessageTemplates()
  const [selected, setSelected] = useState<Selected | null>(null)
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Reference Data Management</h1>
          <p className="mt-2">
            The health plan, risk model years and states the portal works with, and the messages patients
            receive.
          </p>
        </div>
        <Link className="btn btn-outline" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
      {tables.isPending ? <Spinner label="Loading reference data…" /> : null}
      {tables.isError ? <Alert type="error">{LOAD_FAILED}</Alert> : null}
      {tables.data ? <Tables data={tables.data} /> : null}
      <section aria-labelledby="templates-heading" className="flex flex-col gap-4">
        <h2 id="templates-heading" className="text-2xl font-semibold">
          Message templates
        </h2>
        <p>
          What patients receive by email and text. The preview fills in sample values; messages use the newest
          version.
        </p>
        {templates.isPending ? <Spinner label="Loading templates…" /> : null}
        {templates.isError ? <Alert type="error">{LOAD_FAILED}</Alert> : null}
        {templates.data?.results.map((template) => (
          <TemplateCard key={template.key} template={template} onOpen={setSelected} />
        ))}
      </section>
      {selected ? <TemplateEditor key={`${selected.key}-${selected.language}`} selected={selected} /> : null}
    </div>
  )
}

function Tables({ data }: { data: ReferenceData }) {
  return (
    <>
      <section aria-labelledby="plans-heading" className="flex flex-col gap-2">
        <h2 id="plans-heading" className="text-2xl font-semibold">
          Health plans
        </h2>
        <DataTable
          caption="Health plans"
          rows={data.health_plans}
          rowKey={(plan) => plan.slug}
          columns={[
            { id: 'name', header: 'Name', cell: (plan) => plan.name },
            { id: 'slug', header: 'Slug', className: 'font-mono', cell: (plan) => plan.slug },
          ]}
        />
      </section>
      <section aria-labelledby="hcc-heading" className="flex flex-col gap-2">
        <h2 id="hcc-heading" className="text-2xl font-semibold">
          CMS-HCC risk models
        </h2>
        <p>Payment years the risk score engine ({data.hcc.engine}) supports, and how it blends the models.</p>
        <DataTable
          caption="CMS-HCC payment years"
          rows={data.hcc.payment_years}
          rowKey={(year) => year.payment_year}
          columns={[
            { id: 'year', header: 'Payment year', cell: (year) => year.payment_year },
            {
              id: 'blend',
              header: 'Model versions and blend',
              cell: (year) =>
                year.blend
                  .map(
                    (part) => `${part.model} ${part.weight_percent}% (normalization ${part.normalization})`,
                  )
                  .join(', '),
            },
            { id: 'adjustment', header: 'MA coding adjustment', cell: (year) => year.ma_coding_adjustment },
          ]}
        />
      </section>
      <section aria-labelledby="states-heading" className="flex flex-col gap-2">
        <h2 id="states-heading" className="text-2xl font-semibold">
          US states
        </h2>
        <details>
          <summary className="cursor-pointer">
            Show all {data.us_states.length} states and territories
          </summary>
          <DataTable
            caption="US states"
            size="sm"
            rows={data.us_states}
            rowKey={(state) => state.code}
            columns={[
              { id: 'code', header: 'Code', className: 'font-mono', cell: (state) => state.code },
              { id: 'name', header: 'Name', cell: (state) => state.name },
            ]}
          />
        </details>
      </section>
    </>
  )
}

const channelLabel = (channel: string) => (channel === 'sms' ? 'Text message (SMS)' : 'Email')

function TemplateCard({
  template,
  onOpen,
}: {
  template: MessageTemplate
  onOpen: (selected: Selected) => void
}) {
  const key = template.key
  if (!isTemplateKey(key)) return null
  return (
    <article aria-labelledby={`template-${key}`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h3 id={`template-${key}`} className="card-title">
          {template.label}
        </h3>
        <p>
          {channelLabel(template.channel)}. {template.description}
        </p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {template.languages.map(({ language, current }) => (
            <div key={language} className="flex flex-col gap-2">
              <Preview
                templateKey={key}
                language={language}
                text={current}
                title={`${TEMPLATE_LANGUAGE_LABELS[language]} preview (version ${current.version})`}
              />
              <div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  onClick={() => onOpen({ key, language })}
                >
                  {`Versions of the ${TEMPLATE_LANGUAGE_LABELS[language]} ${template.label.toLowerCase()}`}
                </button>
              </div>
            </div>
          ))}
        </div>
      </div>
    </article>
  )
}

/** The text with the sample values filled in, as the patient would read it. */
function Preview({
  templateKey,
  language,
  text,
  title,
}: {
  templateKey: TemplateKey
  language: TemplateLanguage
  text: { subject: string | null; body: string }
  title: string
}) {
  const values = templateSampleValues(templateKey, language)
  const body = renderTemplate(text.body, values)
  const isSms = MESSAGE_TEMPLATES[templateKey].channel === 'sms'
  const facts = isSms ? smsPreviewFacts(body) : null
  return (
    <figure className="rounded-box border border-base-300 p-3" lang={language}>
      <figcaption className="text-sm font-semibold" lang="en">
        {title}
      </figcaption>
      {text.subject !== null && !isSms ? (
        <p className="mt-2 font-semibold break-words">{renderTemplate(text.subject, values)}</p>
      ) : null}
      {body.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index} className="mt-2 whitespace-pre-wrap break-words">
          {paragraph}
        </p>
      ))}
      {facts ? (
        <p className="mt-2 text-sm" lang="en">
          {`${facts.segments} SMS segment${facts.segments === 1 ? '' : 's'}, ${facts.encoding}`}
        </p>
      ) : null}
    </figure>
  )
}

function TemplateEditor({ selected }: { selected: Selected }) {
  const history = useTemplateHistory(selected.key, selected.language)
  const title = `${MESSAGE_TEMPLATES[selected.key].label} (${TEMPLATE_LANGUAGE_LABELS[selected.language]})`
  return (
    <section aria-labelledby="editor-heading" className="flex flex-col gap-4">
      <h2 id="editor-heading" className="text-2xl font-semibold">
        {title}
      </h2>
      {history.isPending ? <Spinner label="Loading versions…" /> : null}
      {history.isError ? <Alert type="error">{LOAD_FAILED}</Alert> : null}
      {history.data ? <EditorBody selected={selected} history={history.data} /> : null}
    </section>
  )
}

type Outcome = { type: 'success' | 'error'; text: string } | null

function serverErrors(error: unknown): TemplateErrors & { other?: string } {
  if (!isApiError(error)) return { other: 'That did not work. Please try again.' }
  const subject = error.fieldMessage('subject')
  const body = error.fieldMessage('body')
  if (subject || body)
    return { ...(subject ? { subject: [subject] } : {}), ...(body ? { body: [body] } : {}) }
  return { other: error.detail ?? error.fieldMessage('version') ?? 'That did not work. Please try again.' }
}

function EditorBody({ selected, history }: { selected: Selected; history: MessageTemplateHistory }) {
  const change = useTemplateChange(selected.key, selected.language)
  const current = history.versions[0]
  const [subject, setSubject] = useState(current?.subject ?? '')
  const [body, setBody] = useState(current?.body ?? '')
  const [errors, setErrors] = useState<TemplateErrors>({})
  const [outcome, setOutcome] = useState<Outcome>(null)
  const isEmail = MESSAGE_TEMPLATES[selected.key].channel === 'email'

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = templateErrors(selected.key, selected.language, { subject, body })
    setErrors(found)
    if (found.subject || found.body) {
      setOutcome({ type: 'error', text: 'Please fix the template before saving.' })
      return
    }
    await apply({ kind: 'save', body: { subject: isEmail ? subject : null, body } }, TEMPLATE_MESSAGES.saved)
  }

  async function apply(step: Parameters<typeof change.mutateAsync>[0], done: string) {
    try {
      const next = await change.mutateAsync(step)
      const newest = next.versions[0]
      setSubject(newest?.subject ?? '')
      setBody(newest?.body ?? '')
      setErrors({})
      setOutcome({ type: 'success', text: done })
    } catch (error) {
      const found = serverErrors(error)
      setErrors(found)
      setOutcome({ type: 'error', text: found.other ?? 'Please fix the template before saving.' })
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite">
        {outcome ? <Alert type={outcome.type}>{outcome.text}</Alert> : null}
      </div>
      {history.editable ? (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <Placeholders templateKey={selected.key} />
          {isEmail ? (
            <TextField
              label="Subject"
              value={subject}
              error={errors.subject?.join(' ')}
              onChange={(event) => setSubject(event.target.value)}
            />
          ) : null}
          <TextAreaField
            label="Message text"
            rows={isEmail ? 10 : 5}
            value={body}
            error={errors.body?.join(' ')}
            hint={
              isEmail
                ? 'Separate paragraphs with a blank line.'
                : 'At most two SMS segments with the sample values.'
            }
            onChange={(event) => setBody(event.target.value)}
          />
          <Preview
            templateKey={selected.key}
            language={selected.language}
            text={{ subject: isEmail ? subject : null, body }}
            title="Preview of your edit"
          />
          <div>
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              Save as new version
            </button>
          </div>
        </form>
      ) : (
        <p>Only a platform administrator can edit message templates.</p>
      )}
      <VersionHistory
        history={history}
        busy={change.isPending}
        onRestore={(version) =>
          void apply({ kind: 'restore', version: version.version }, TEMPLATE_MESSAGES.restored)
        }
      />
    </div>
  )
}

function Placeholders({ templateKey }: { templateKey: TemplateKey }) {
  const definition = MESSAGE_TEMPLATES[templateKey]
  const required: readonly string[] = definition.required
  return (
    <div>
      <p className="text-sm font-medium">Placeholders</p>
      <ul className="text-sm">
        {definition.placeholders.map((name: TemplatePlaceholder) => (
          <li key={name}>
            <code>{`{{${name}}}`}</code>: {TEMPLATE_PLACEHOLDERS[name]}
            {required.includes(name) ? ' (required)' : ''}
          </li>
        ))}
      </ul>
    </div>
  )
}

function VersionHistory({
  history,
  busy,
  onRestore,
}: {
  history: MessageTemplateHistory
  busy: boolean
  onRestore: (version: TemplateVersion) => void
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-xl font-semibold">
        Version history
      </h3>
      <ol className="flex flex-col gap-3">
        {history.versions.map((version, index) => (
          <li key={version.version} className="rounded-box border border-base-300 p-3">
            <p className="text-sm font-semibold">
              {`Version ${version.version}`}
              {version.version === 0
                ? ' (built-in)'
                : ` saved by ${version.created_by_name ?? 'a former administrator'} on ${new Date(
                    version.created_at ?? '',
                  ).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`}
              {index === 0 ? ' · in use' : ''}
            </p>
            {version.subject !== null ? <p className="mt-1 break-words">Subject: {version.subject}</p> : null}
            <p className="mt-1 whitespace-pre-wrap break-words">{version.body}</p>
            {history.editable && index > 0 ? (
              <button
                type="button"
                className="btn btn-sm btn-outline mt-2"
                disabled={busy}
                onClick={() => onRestore(version)}
              >
                {`Restore version ${version.version}`}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
