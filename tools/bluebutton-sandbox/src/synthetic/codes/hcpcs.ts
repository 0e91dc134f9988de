// Real CPT/HCPCS codes by setting. Blue Button lines carry the bare code (no description:
// CPT text is licensed), so only codes are listed. scripts/curate-codes.ts records which of
// them are on CMS's risk-adjustment-eligible list and adds more eligible codes in
// hcpcs-eligible-extra.json.

export const officeVisitCodes = ['99202', '99203', '99204', '99212', '99213', '99214', '99215'] as const
export const wellnessCodes = ['G0438', 'G0439', 'G0402', '99497'] as const
export const careManagementCodes = ['99490', '99439', '99495', '99496'] as const
export const hospitalVisitCodes = [
  '99221',
  '99222',
  '99223',
  '99231',
  '99232',
  '99233',
  '99238',
  '99239',
] as const
export const emergencyCodes = ['99283', '99284', '99285'] as const
export const nursingFacilityCodes = ['99304', '99305', '99306', '99308', '99309', '99310'] as const
export const homeVisitCodes = ['99347', '99348', '99349', '99350'] as const
export const behavioralCodes = ['90791', '90792', '90834', '90837', '99417'] as const
export const labCodes = [
  '36415',
  '80053',
  '80061',
  '83036',
  '85025',
  '84443',
  '81001',
  '82570',
  '80048',
] as const
export const imagingCodes = ['71046', '77067', '93000', '93306', '70450', '72148', '78452', '77080'] as const
export const procedureCodes = [
  '20610',
  '11721',
  '17000',
  '96372',
  '66984',
  '45378',
  '92014',
  '97110',
  '97140',
] as const
export const drugAdminCodes = ['90686', 'G0008', '90732', 'J1100', 'J3420', 'J0897'] as const
export const dialysisCodes = ['90935', '90937', '90960', '90961', '90966'] as const
export const dmeCodes = ['E1390', 'E0431', 'E0601', 'A4253', 'A4259', 'E0143', 'K0001', 'E0260'] as const
export const homeHealthCodes = ['G0299', 'G0151', 'G0152', 'G0156'] as const

// Revenue centre codes (UB-04) for institutional claims.
export const revenueCenters = {
  emergency: '0450',
  clinic: '0510',
  lab: '0300',
  radiology: '0320',
  pharmacy: '0250',
  dialysis: '0821',
  roomAndBoard: '0120',
  snfRoom: '0191',
  physicalTherapy: '0420',
  homeHealthNursing: '0551',
  hospiceRoutine: '0651',
  total: '0001',
} as const

// MS-DRGs that fit the acute problems in icd10.ts.
export const inpatientDrgs = [
  '871',
  '193',
  '177',
  '690',
  '281',
  '176',
  '481',
  '641',
  '291',
  '190',
  '683',
] as const
