import { describe, expect, it } from 'vitest';
import {
  certificateError,
  EMPTY_VENDOR_COMPANY,
  VENDOR_COMPANY_FIELDS,
  validateVendorCompany,
} from '#app/onboarding/vendor-application-steps.ts';

describe('vendor wizard validation (public spec, section 5)', () => {
  it('requires all eleven company fields, named with underscores as spaces', () => {
    const errors = validateVendorCompany(EMPTY_VENDOR_COMPANY);
    expect(Object.keys(errors)).toHaveLength(11);
    expect(errors.vendor_name).toBe('Vendor name is required');
    expect(errors.registered_state).toBe('Registered state is required');
    expect(errors.email).toBe('Email is required');
    expect(errors.total_employees).toBe('Total employees is required');
    expect(errors.phone).toBe('Phone is required');
  });

  it('reports a malformed email as Invalid email format', () => {
    const values = {
      ...(Object.fromEntries(
        VENDOR_COMPANY_FIELDS.map((field) => [field, 'x']),
      ) as typeof EMPTY_VENDOR_COMPANY),
      total_employees: '5',
      ein: '12-3456789',
      registered_state: 'CO',
      phone: '(303) 555-0102',
    };
    expect(validateVendorCompany({ ...values, email: 'not-an-email' })).toEqual({
      email: 'Invalid email format',
    });
    expect(validateVendorCompany({ ...values, email: 'val@example.com' })).toEqual({});
  });

  it('checks the certificate before anything is sent', () => {
    expect(certificateError(null)).toBe('Insurance certificate is required');
    expect(certificateError({ type: 'text/plain', size: 10 })).toBe('Please upload a PDF or image file');
    expect(certificateError({ type: 'application/pdf', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File size should be less than 5MB',
    );
    expect(certificateError({ type: 'image/png', size: 1000 })).toBeNull();
    expect(certificateError({ type: 'image/svg+xml', size: 1000 })).toBe('Please upload a PDF or image file');
    expect(certificateError({ type: 'application/pdf', size: 5 * 1024 * 1024 })).toBeNull();
  });
});
