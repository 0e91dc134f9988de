// Segment counting lives in the contract, so the template editor counts exactly as the server refuses.
export { smsEncoding, smsSegments, type SmsEncoding } from '@blueconsent/contract/reference-data'
