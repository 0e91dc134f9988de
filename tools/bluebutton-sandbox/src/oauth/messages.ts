// Blue Button's wording for an application CMS has switched off (APPLICATION_TEMPORARILY_INACTIVE).
export const inactiveApplicationMessage = (name: string): string =>
  `This application, ${name}, is temporarily inactive. If you are the app maintainer, please contact the Blue Button API team. If you are a Medicare Beneficiary and need assistance, please contact the support team for the application you are trying to access.`
