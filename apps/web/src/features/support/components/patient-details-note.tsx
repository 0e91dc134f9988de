/** The reminder both forms carry: a support message is not the place for a patient's record. */
export function PatientDetailsNote() {
  return (
    <p className="text-sm">
      Please do not include patient details (names, Medicare numbers, dates of birth or health information)
      unless we need them to help you; we will ask, and tell you how to send them safely.
    </p>
  )
}
