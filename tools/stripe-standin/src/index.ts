export { stripeStandin } from './plugin.ts'
export { buildStandinApp } from './app.ts'
export {
  createStandinHandle,
  resolveOptions,
  type StandinHandle,
  type StandinOptions,
  type StandinOptionsInput,
  type WebhookOptions,
} from './options.ts'
export { standinFetch, type FetchFn } from './fetch.ts'
export { httpWebhookDelivery, injectWebhookDelivery, signPayload } from './webhooks.ts'
export { TEST_CARDS, MAGIC_PAYMENT_METHODS, type TestCard } from './cards.ts'
export { SEAT_LOOKUP_KEY, SEAT_PRICE_ID, SEAT_PRODUCT_ID } from './engine.ts'
export { API_VERSION } from './model.ts'
export { parseForm } from './form.ts'
