// Blue Button gives a beneficiary's state as the SSA state code CMS files use ('03'), not the postal
// abbreviation people read ('AZ'). The SSA numbering is alphabetical by state name, with the District of
// Columbia at 09, Puerto Rico at 40 and the Virgin Islands at 48.
const SSA_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'AL',
  '02': 'AK',
  '03': 'AZ',
  '04': 'AR',
  '05': 'CA',
  '06': 'CO',
  '07': 'CT',
  '08': 'DE',
  '09': 'DC',
  '10': 'FL',
  '11': 'GA',
  '12': 'HI',
  '13': 'ID',
  '14': 'IL',
  '15': 'IN',
  '16': 'IA',
  '17': 'KS',
  '18': 'KY',
  '19': 'LA',
  '20': 'ME',
  '21': 'MD',
  '22': 'MA',
  '23': 'MI',
  '24': 'MN',
  '25': 'MS',
  '26': 'MO',
  '27': 'MT',
  '28': 'NE',
  '29': 'NV',
  '30': 'NH',
  '31': 'NJ',
  '32': 'NM',
  '33': 'NY',
  '34': 'NC',
  '35': 'ND',
  '36': 'OH',
  '37': 'OK',
  '38': 'OR',
  '39': 'PA',
  '40': 'PR',
  '41': 'RI',
  '42': 'SC',
  '43': 'SD',
  '44': 'TN',
  '45': 'TX',
  '46': 'UT',
  '47': 'VT',
  '48': 'VI',
  '49': 'VA',
  '50': 'WA',
  '51': 'WV',
  '52': 'WI',
  '53': 'WY',
}

/**
 * The postal abbreviation for an SSA state code; a value that already is an abbreviation ('KY', as BFD's
 * own examples send) passes through upper-cased; anything else stays as given.
 */
export function postalState(value: string | null): string | null {
  if (value === null) return null
  const trimmed = value.trim()
  if (/^\d{1,2}$/.test(trimmed)) return SSA_STATE_CODES[trimmed.padStart(2, '0')] ?? trimmed
  return /^[A-Za-z]{2}$/.test(trimmed) ? trimmed.toUpperCase() : trimmed
}
