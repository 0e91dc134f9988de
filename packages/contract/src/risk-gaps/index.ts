// The recapture and suspect worklist, and the patient's Part D (RxHCC) score.
export * from './risk-gaps.ts'
