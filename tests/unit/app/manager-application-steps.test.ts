import { describe, expect, it } from 'vitest';
import {
  EMPTY_MANAGER_APPLICATION,
  type ManagerApplicationValues,
  managerFieldError,
  validateManagerApplication,
  validateManagerStep,
} from '#app/onboarding/manager-application-steps.ts';

const filled: ManagerApplicationValues = {
  building_name: 'Maple Court',
  building_address: '1 Maple St, Denver, CO',
  office_phone: '(303) 555-0100',
  ein: '12-3456789',
  total_employees: '12',
  first_name: 'Mia',
  last_name: 'Manager',
  email: 'mia@example.com',
  phone: '(303) 555-0101',
  job_title: 'Director',
  company_name: 'Maple Holdings',
  company_address: '2 Maple St, Denver, CO',
  company_logo: '',
};

describe('property manager wizard validation (public spec, section 5)', () => {
  it('reports every Building Info message on an empty first step, and only that step', () => {
    expect(validateManagerStep(0, EMPTY_MANAGER_APPLICATION)).toEqual({
      building_name: 'Building name is required',
      building_address: 'Building address is required',
      office_phone: 'Please enter a valid 10-digit phone number',
      ein: 'Please enter a valid 9-digit EIN',
      total_employees: 'Please enter a valid number of employees',
    });
  });

  it('reports the Admin Contact and Company Info messages on their own steps', () => {
    expect(validateManagerStep(1, EMPTY_MANAGER_APPLICATION)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit phone number',
      job_title: 'Job title is required',
    });
    expect(validateManagerStep(2, EMPTY_MANAGER_APPLICATION)).toEqual({
      company_name: 'Company name is required',
      company_address: 'Company address is required',
    });
    expect(validateManagerStep(3, EMPTY_MANAGER_APPLICATION)).toEqual({});
  });

  it('accepts a complete application, with or without a logo', () => {
    expect(validateManagerApplication(filled)).toEqual({});
    expect(validateManagerApplication({ ...filled, company_logo: 'https://example.com/logo.png' })).toEqual(
      {},
    );
  });

  it('treats a blank building name as missing', () => {
    expect(managerFieldError('building_name', '   ')).toBe('Building name is required');
  });

  it('needs exactly 10 phone digits and 9 EIN digits', () => {
    expect(managerFieldError('office_phone', '(303) 555-010')).toBe(
      'Please enter a valid 10-digit phone number',
    );
    expect(managerFieldError('phone', '3035550100')).toBeNull();
    expect(managerFieldError('ein', '12-345678')).toBe('Please enter a valid 9-digit EIN');
  });

  it('needs a whole number of employees above zero', () => {
    for (const value of ['0', '-3', '2.5', 'ten', '']) {
      expect(managerFieldError('total_employees', value)).toBe('Please enter a valid number of employees');
    }
    expect(managerFieldError('total_employees', '1')).toBeNull();
  });

  it('checks the email against a simple pattern', () => {
    expect(managerFieldError('email', 'mia@example')).toBe('Please enter a valid email address');
    expect(managerFieldError('email', 'mia@example.com')).toBeNull();
  });
});
