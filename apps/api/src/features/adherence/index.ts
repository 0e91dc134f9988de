// The adherence feature's public face: the "below 80%" filter any list of served patients can apply, and the
// routes (a patient's adherence, the visit planner, the pre-visit brief).
export { adherenceFlagsFor, measurementYear } from './adherence.service.ts'
export { adherenceRoutes } from './adherence.routes.ts'
