// The risk-gaps feature's public face: the recapture and suspect worklist's routes, its subscription to
// released pulls, and one patient's gaps and Part D score for other features (visit planner, pre-visit brief).
export { riskGapRoutes } from './risk-gaps.routes.ts'
export { subscribeRiskGaps } from './subscriptions.ts'
export { listGapsForPatient, recomputePatientGaps } from './risk-gaps.service.ts'
export { SUSPECT_RULES, type SuspectRule } from './suspect-rules.ts'
