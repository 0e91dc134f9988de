// The messaging feature's public face: its routes (Twilio's inbound webhook, the demo's reply control), its
// subscriptions to the request lifecycle, and the built-in copy of the templates administrators may edit
// (reference-data shows it as version 0 and previews it; messaging itself reads the saved versions).
export { messagingRoutes, TWILIO_WEBHOOK_PATH } from './messaging.routes.ts'
export { subscribeMessaging } from './subscriptions.ts'
export { BUILT_IN_TEMPLATES, type TemplateText } from './templates/editable-copy.ts'
