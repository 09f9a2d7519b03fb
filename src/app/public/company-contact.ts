// The company's contact details (the spec names them without giving them; docs/decisions/onboarding-and-mail.md).
export const COMPANY_NAME = 'FieldBid, Inc.';
export const COMPANY_PHONE = { display: '(720) 555-0148', href: 'tel:+17205550148' };
export const COMPANY_ADDRESS = ['1550 Wynkoop Street, Suite 300', 'Denver, CO 80202'] as const;
