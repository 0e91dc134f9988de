// Texts of the patient pages that the contract's message catalogue does not hold. The catalogue's
// 'Error fetching patient details' (PATIENT_DATA_MESSAGES.detailsFailed) is the title; this line explains a 404.
export const PATIENT_MESSAGES = {
  notFoundExplanation: 'The patient was not found, or is not one of your patients.',
} as const
