// How many SMS segments a text costs: GSM-7 fits 160 characters (153 per part when split), anything else
// is UCS-2 with 70 (67 per part). Keeping patient texts within two segments keeps them readable and cheap.
// Here, not in the API, so the template editor counts segments exactly as the server refuses them.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM_EXTENDED = '^{}\\[~]|€'

export type SmsEncoding = 'GSM-7' | 'UCS-2'

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) {
    if (!GSM_BASIC.includes(char) && !GSM_EXTENDED.includes(char)) return 'UCS-2'
  }
  return 'GSM-7'
}

export function smsSegments(text: string): number {
  if (smsEncoding(text) === 'UCS-2') {
    const units = [...text].length
    return units <= 70 ? 1 : Math.ceil(units / 67)
  }
  // Extended characters take two septets.
  let septets = 0
  for (const char of text) septets += GSM_EXTENDED.includes(char) ? 2 : 1
  return septets <= 160 ? 1 : Math.ceil(septets / 153)
}
