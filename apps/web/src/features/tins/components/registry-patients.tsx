// The patients under one TIN, or under none: each can be moved to another active TIN (or to none), and
// patients without a TIN can be attached in bulk, picked from the list or pasted as MRNs.
import {
  TIN_MESSAGES,
  type BulkAttach,
  type BulkAttachResult,
  type Tin,
  type TinPatient,
} from '@blueconsent/contract/tins'
import { useId, useState } from 'react'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import {
  TIN_PATIENT_PAGE_SIZE,
  useBulkAttach,
  useReassignPatient,
  useRegistryPatients,
} from '../api/tins-api.ts'
import { SelectField } from '@/components/ui/select-field.tsx'

type RegistryPatientsProps = {
  orgId: string
  /** The TIN whose patients are shown; null for the patients under no TIN. */
  tin: Tin | null
  activeTins: readonly Tin[]
}

const tinLabel = (tin: Tin) => `${tin.provider_org_name} (${tin.masked_value})`
const NO_TIN = ''

export function RegistryPatients({ orgId, tin, activeTins }: RegistryPatientsProps) {
  const headingId = useId()
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const patients = useRegistryPatients(orgId, tin?.id ?? null, page + 1)
  const reassign = useReassignPatient(orgId)
  const pages = pageCount(patients.data?.count ?? 0, TIN_PATIENT_PAGE_SIZE)
  const title = tin ? `Patients of ${tinLabel(tin)}` : 'Patients without a TIN'
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {patients.isPending ? <Spinner label="Loading patients…" /> : null}
        {patients.isError ? <Alert type="error">{TIN_MESSAGES.loadFailed}</Alert> : null}
        {reassign.isError ? <Alert type="error">{TIN_MESSAGES.bulkAssignFailed}</Alert> : null}
        {patients.data?.count === 0 ? (
          <p>{tin ? 'No patients are assigned to this TIN.' : 'Every patient has a TIN.'}</p>
        ) : null}
        {patients.data && patients.data.results.length > 0 ? (
          <ul aria-label={title} className="flex flex-col divide-y divide-base-300">
            {patients.data.results.map((patient) => (
              <PatientRow
                key={patient.id}
                patient={patient}
                activeTins={activeTins}
                selectable={tin === null}
                selected={selected.has(patient.id)}
                onToggle={() => toggle(patient.id)}
                onMove={(tinId) => reassign.mutate({ patientId: patient.id, tinId })}
              />
            ))}
          </ul>
        ) : null}
        <Pager page={Math.min(page, pages - 1)} pages={pages} label={`${title} pages`} onPage={setPage} />
        {tin === null ? (
          <BulkAttachForm
            orgId={orgId}
            activeTins={activeTins}
            selectedIds={[...selected]}
            onAttached={() => setSelected(new Set())}
          />
        ) : null}
      </div>
    </section>
  )
}

type PatientRowProps = {
  patient: TinPatient
  activeTins: readonly Tin[]
  selectable: boolean
  selected: boolean
  onToggle: () => void
  onMove: (tinId: string | null) => void
}

function PatientRow({ patient, activeTins, selectable, selected, onToggle, onMove }: PatientRowProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <label className="flex items-center gap-2">
        {selectable ? (
          <input type="checkbox" className="checkbox checkbox-sm" checked={selected} onChange={onToggle} />
        ) : null}
        <span>
          <span className="font-medium">{patient.full_name}</span>
          {patient.mrn ? ` · MRN ${patient.mrn}` : ''}
          {patient.birth_date ? ` · born ${patient.birth_date}` : ''}
        </span>
      </label>
      <SelectField
        label={`Move ${patient.full_name} to`}
        size="sm"
        className="w-full max-w-xs"
        value={patient.tin_id ?? NO_TIN}
        onChange={(event) => onMove(event.target.value === NO_TIN ? null : event.target.value)}
      >
        <option value={NO_TIN}>No TIN</option>
        {activeTins.map((tin) => (
          <option key={tin.id} value={tin.id}>
            {tinLabel(tin)}
          </option>
        ))}
      </SelectField>
    </li>
  )
}

/** Pasted MRNs: one per line or separated by commas, blanks ignored. */
export const parseMrns = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((value) => value.trim())
    .filter((value) => value !== '')

type BulkAttachFormProps = {
  orgId: string
  activeTins: readonly Tin[]
  selectedIds: string[]
  onAttached: () => void
}

function BulkAttachForm({ orgId, activeTins, selectedIds, onAttached }: BulkAttachFormProps) {
  const mrnsId = useId()
  const attach = useBulkAttach(orgId)
  const [target, setTarget] = useState(activeTins[0]?.id ?? '')
  const [mrnText, setMrnText] = useState('')
  const [result, setResult] = useState<BulkAttachResult | null>(null)
  const mrns = parseMrns(mrnText)
  const tinId = target || activeTins[0]?.id || ''

  async function send(body: BulkAttach) {
    setResult(null)
    const answer = await attach.mutateAsync({ tinId, body }).catch(() => null)
    if (!answer) return
    setResult(answer)
    setMrnText('')
    onAttached()
  }

  if (activeTins.length === 0) return <p>Add or reactivate a TIN to attach patients to it.</p>
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      {/* As wide as the form allows (up to a readable width), so the practice name and TIN stay in view. */}
      <SelectField
        label="Attach to TIN"
        className="w-full max-w-md"
        value={tinId}
        onChange={(event) => setTarget(event.target.value)}
      >
        {activeTins.map((tin) => (
          <option key={tin.id} value={tin.id}>
            {tinLabel(tin)}
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className="btn btn-primary self-start"
        disabled={selectedIds.length === 0 || attach.isPending}
        onClick={() => void send({ patient_ids: selectedIds })}
      >
        Attach selected ({selectedIds.length})
      </button>
      <div className="flex flex-col gap-1">
        <label htmlFor={mrnsId} className="text-sm font-medium">
          Or paste MRNs, one per line or separated by commas
        </label>
        <textarea
          id={mrnsId}
          className="textarea w-full"
          rows={3}
          value={mrnText}
          onChange={(event) => setMrnText(event.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn btn-outline self-start"
        disabled={mrns.length === 0 || attach.isPending}
        onClick={() => void send({ mrns })}
      >
        Attach MRNs ({mrns.length})
      </button>
      {attach.isError ? <Alert type="error">{TIN_MESSAGES.bulkAssignFailed}</Alert> : null}
      {result ? <AttachResult result={result} /> : null}
    </div>
  )
}

function AttachResult({ result }: { result: BulkAttachResult }) {
  return (
    <div role="status" className="flex flex-col gap-1">
      <p className="font-medium">{result.detail}</p>
      {result.results.errors.length > 0 ? (
        <ul aria-label="Not attached" className="ml-4 list-disc text-sm">
          {result.results.errors.map((error, index) => (
            <li key={`${error.value}-${index}`}>
              {error.value}: {error.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
