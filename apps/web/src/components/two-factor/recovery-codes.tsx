// Recovery codes, shown once: a list to copy or download, and a button to say they are saved.
import { TWO_FACTOR_MESSAGES } from '@blueconsent/contract/two-factor'
import { useState } from 'react'
import { saveFile } from '../patient-data/save-file.ts'
import { Alert } from '../ui/alert.tsx'

type RecoveryCodesProps = { codes: readonly string[]; onDone: () => void; doneLabel?: string }

export function RecoveryCodes({ codes, onDone, doneLabel = 'I have saved my codes' }: RecoveryCodesProps) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const text = `BlueConsent two-factor recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`
  return (
    <div className="flex flex-col gap-3">
      <Alert type="warning">{TWO_FACTOR_MESSAGES.recoveryCodesOnce}</Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied('yes'))
              .catch(() => setCopied('failed'))
          }
        >
          Copy codes
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => saveFile(text, 'blueconsent-recovery-codes.txt', 'text/plain')}
        >
          Download codes
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
      <p role="status" className="text-sm">
        {copied === 'yes'
          ? 'Codes copied.'
          : copied === 'failed'
            ? 'Copying failed: download them instead.'
            : ''}
      </p>
    </div>
  )
}
