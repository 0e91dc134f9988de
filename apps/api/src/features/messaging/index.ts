// The messaging feature's public face: its routes (Twilio's inbound webhook, the demo's reply control)
// and its subscriptions to the request lifecycle. Nothing else calls into it.
export { messagingRoutes, TWILIO_WEBHOOK_PATH } from './messaging.routes.ts'
export { subscribeMessaging } from './subscriptions.ts'
