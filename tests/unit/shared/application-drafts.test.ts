import { describe, expect, it } from 'vitest';
import { managerDraftResponseSchema } from '#shared/manager-application.ts';
import { vendorDraftResponseSchema } from '#shared/vendor-application.ts';

describe('application draft responses', () => {
  it('list every wizard field in the submit order, a count as a whole number', () => {
    expect(Object.keys(managerDraftResponseSchema.shape.fields.shape)).toEqual([
      'building_name',
      'building_address',
      'office_phone',
      'ein',
      'total_employees',
      'first_name',
      'last_name',
      'email',
      'phone',
      'job_title',
      'company_name',
      'company_address',
      'company_logo',
    ]);
    const fields = vendorDraftResponseSchema.shape.fields;
    expect(fields.parse({ vendor_name: 'Acme', total_employees: 12, ein: null })).toEqual({
      vendor_name: 'Acme',
      total_employees: 12,
      ein: null,
    });
    expect(fields.safeParse({ total_employees: '12' }).success).toBe(false);
    expect(fields.safeParse({ vendor_name: 12 }).success).toBe(false);
  });

  it('hold only the fields saved so far', () => {
    expect(managerDraftResponseSchema.parse({ step: 0, fields: {} })).toEqual({ step: 0, fields: {} });
  });
});
