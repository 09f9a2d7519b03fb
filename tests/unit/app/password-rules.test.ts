import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from '#app/auth/password-rules.ts';
import { ApiError, parseApiError } from '#app/lib/api-error.ts';
import { managerSubmitErrorText } from '#app/onboarding/api.ts';

describe('new password rules (public spec, section 5)', () => {
  it('needs 8 characters and a matching confirmation', () => {
    expect(newPasswordErrors({ password: 'short', confirmPassword: 'other' })).toEqual({
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
    expect(newPasswordErrors({ password: 'long enough', confirmPassword: 'long enough' })).toEqual({});
  });
});

describe('manager submit failure text (public spec, section 8)', () => {
  it('shows the server body after Request failed:, in its words, never as JSON', () => {
    const error = parseApiError(400, { errors: { ein: ['Invalid EIN'] } });
    expect(managerSubmitErrorText(error)).toBe('Request failed: Invalid EIN');
  });

  it('falls back to Failed to submit application', () => {
    expect(managerSubmitErrorText(new ApiError({ status: 0 }))).toBe('Failed to submit application');
    expect(managerSubmitErrorText(new Error('boom'))).toBe('Failed to submit application');
  });
});
