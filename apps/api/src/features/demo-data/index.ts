// The demo's public face: the demo organisations, TINs and personas (seeded at start in demo mode and by
// `npm run db:seed`), and the demo patients pulled through the real request → consent → pull path.
export {
  DEMO_EMAIL_DOMAIN,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  DEMO_TINS,
  DEMO_USERS,
  demoUser,
  type DemoOrganizationKey,
  type DemoPersona,
  type DemoUser,
} from './demo-personas.ts'
export { seedDemoData, shouldSeedDemoData, type DemoDataResult } from './demo-data.service.ts'
export { seedDemo } from './seed.ts'
