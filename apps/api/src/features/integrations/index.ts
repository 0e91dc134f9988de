export { integrationsRoutes } from './integrations.routes.ts'
export { deliverWebhook } from './webhooks.delivery.ts'
export { subscribeWebhooks } from './subscriptions.ts'
export { seedDemoWebhooks } from './webhooks.demo.ts'
