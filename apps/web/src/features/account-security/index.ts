// The account's security settings: the Security tab of /app/account.
export { SecurityTab } from './components/security-tab.tsx'
