// Reference data's public face: its routes (the read-only tables and the message templates' versions).
export { referenceDataRoutes } from './reference-data.routes.ts'
