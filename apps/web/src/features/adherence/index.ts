// Medication adherence: the patient page's panel, the visit planner's wellness section and the pre-visit
// brief page, composed into other features' pages by app/.
export { AdherencePanel } from './components/adherence-panel.tsx'
export { VisitPlanner } from './components/visit-planner.tsx'
