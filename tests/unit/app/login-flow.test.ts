import { describe, expect, it } from 'vitest';
import { loginDestination } from '#app/auth/login-destination.ts';
import { LOGIN_ERROR, LOGIN_FAILED, loginErrorView } from '#app/auth/login-errors.ts';
import { readReturnLocation } from '#app/auth/return-location.ts';
import { networkError, parseApiError } from '#app/lib/api-error.ts';
import type { AuthUser } from '#shared/users.ts';

const base: AuthUser = {
  id: 1,
  email: 'a@b.c',
  firstName: 'A',
  lastName: 'B',
  type: 'vendor',
  is_staff: false,
  is_superuser: false,
  client: null,
};
const vendor = base;
const manager: AuthUser = { ...base, type: 'property_manager' };
const staff: AuthUser = { ...base, type: null, is_staff: true };
const from = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('loginDestination (public spec, section 4)', () => {
  it('sends each role to its place', () => {
    expect(loginDestination(vendor, null)).toEqual({ kind: 'navigate', to: '/vendor/dashboard' });
    expect(loginDestination(manager, null)).toEqual({ kind: 'navigate', to: '/property-manager/dashboard' });
    expect(loginDestination(staff, null)).toEqual({ kind: 'full-page', href: '/admin/' });
    expect(loginDestination({ ...base, type: null }, null)).toEqual({ kind: 'navigate', to: '/' });
    expect(loginDestination(null, null)).toEqual({ kind: 'navigate', to: '/' });
  });

  it('returns to the interrupted location when the guard allows it', () => {
    expect(loginDestination(vendor, from('/vendor/bids', '?page=2', '#top'))).toEqual({
      kind: 'navigate',
      to: '/vendor/bids?page=2#top',
    });
    expect(loginDestination(staff, from('/property-manager/team'))).toEqual({
      kind: 'navigate',
      to: '/property-manager/team',
    });
    expect(loginDestination(staff, from('/admin/users'))).toEqual({
      kind: 'full-page',
      href: '/admin/users',
    });
  });

  it('ignores an interrupted location the guard would refuse, or one outside the guarded areas', () => {
    expect(loginDestination(vendor, from('/property-manager/team'))).toEqual({
      kind: 'navigate',
      to: '/vendor/dashboard',
    });
    expect(loginDestination(manager, from('/signup'))).toEqual({
      kind: 'navigate',
      to: '/property-manager/dashboard',
    });
  });
});

describe('readReturnLocation', () => {
  it('reads the guard state', () => {
    expect(readReturnLocation({ from: { pathname: '/vendor/jobs', search: '?a=1', hash: '' } })).toEqual(
      from('/vendor/jobs', '?a=1'),
    );
  });

  it('refuses anything that is not a same-app path', () => {
    for (const state of [null, 'x', {}, { from: null }, { from: { pathname: 'https://evil.test' } }]) {
      expect(readReturnLocation(state)).toBeNull();
    }
    expect(readReturnLocation({ from: { pathname: '//evil.test/x' } })).toBeNull();
  });
});

describe('loginErrorView (public spec, section 8)', () => {
  it('puts field errors under their field, joined by spaces', () => {
    const view = loginErrorView(
      parseApiError(400, { errors: { email: ['Enter a valid email address.', 'Too long.'] } }),
    );
    expect(view.fieldErrors).toEqual({ email: 'Enter a valid email address. Too long.' });
    expect(view.alert).toBeNull();
    expect(view.toast).toBeNull();
  });

  it('shows non_field_errors in the alert', () => {
    const view = loginErrorView(parseApiError(400, { non_field_errors: ['Invalid email or password.'] }));
    expect(view.alert).toBe('Invalid email or password.');
    expect(view.toast).toBeNull();
  });

  it('toasts the response message, else Login failed', () => {
    expect(loginErrorView(parseApiError(500, { message: 'Server is busy' })).toast).toBe('Server is busy');
    expect(loginErrorView(parseApiError(500, null)).toast).toBe(LOGIN_FAILED);
  });

  it('falls back to the generic text when there was no answer or something else broke', () => {
    expect(loginErrorView(networkError(new TypeError('x'))).toast).toBe(LOGIN_ERROR);
    expect(loginErrorView(new Error('Failed to fetch CSRF token')).toast).toBe(LOGIN_ERROR);
  });
});
