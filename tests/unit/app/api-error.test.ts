import { describe, expect, it } from 'vitest';
import { ApiError, networkError, parseApiError } from '#app/lib/api-error.ts';

describe('parseApiError', () => {
  it('reads field errors, non_field_errors and the code', () => {
    const error = parseApiError(400, {
      errors: { email: ['Enter a valid email address.', 'Too long.'], password: 'This field is required.' },
      non_field_errors: ['Invalid email or password.'],
      code: 'INVALID_CREDENTIALS',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      email: ['Enter a valid email address.', 'Too long.'],
      password: ['This field is required.'],
    });
    expect(error.nonFieldErrors).toEqual(['Invalid email or password.']);
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.serverMessage).toBeNull();
  });

  it('moves form-wide errors found inside `errors` to the non-field list', () => {
    const error = parseApiError(400, {
      errors: { non_field_errors: ['Closed.'], __all__: ['Also closed.'] },
    });
    expect(error.fieldErrors).toEqual({});
    expect(error.nonFieldErrors).toEqual(['Closed.', 'Also closed.']);
  });

  it('takes the message from detail, then error, then message', () => {
    expect(parseApiError(403, { detail: 'No.', error: 'Nope.', message: 'Never.' }).serverMessage).toBe(
      'No.',
    );
    expect(parseApiError(404, { error: 'Request not found', message: 'x' }).serverMessage).toBe(
      'Request not found',
    );
    expect(parseApiError(500, { message: 'Login failed badly' }).message).toBe('Login failed badly');
  });

  it('keeps the 429 shape of the login rate limit', () => {
    const error = parseApiError(429, {
      detail: 'Too many failed login attempts. Try again in 15 minutes.',
      non_field_errors: ['Too many failed login attempts. Try again in 15 minutes.'],
    });
    expect(error.nonFieldErrors).toHaveLength(1);
    expect(error.serverMessage).toMatch(/Too many/);
  });

  it('keeps the body and the DUPLICATE_BID code with its bidId', () => {
    const body = { detail: 'Already bid', code: 'DUPLICATE_BID', bidId: 7 };
    const error = parseApiError(409, body);
    expect(error.code).toBe('DUPLICATE_BID');
    expect(error.body).toEqual(body);
  });

  it('uses a short plain-text body as the message but not an HTML error page', () => {
    expect(parseApiError(502, 'Bad gateway').serverMessage).toBe('Bad gateway');
    expect(parseApiError(502, '<html><body>502</body></html>').serverMessage).toBeNull();
    expect(parseApiError(502, '<html>').message).toBe('Request failed with status 502');
  });

  it('tolerates bodies that are not objects', () => {
    for (const body of [null, 42, ['a'], true]) {
      const error = parseApiError(500, body);
      expect(error.fieldErrors).toEqual({});
      expect(error.nonFieldErrors).toEqual([]);
      expect(error.serverMessage).toBeNull();
    }
  });

  it('ignores non-string messages inside the lists', () => {
    const error = parseApiError(400, {
      errors: { email: [1, '', 'Bad.'], phone: [] },
      non_field_errors: [null],
    });
    expect(error.fieldErrors).toEqual({ email: ['Bad.'] });
    expect(error.nonFieldErrors).toEqual([]);
  });
});

describe('networkError', () => {
  it('is an ApiError with status 0', () => {
    const error = networkError(new TypeError('Failed to fetch'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});
