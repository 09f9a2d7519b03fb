import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from '#app/auth/guard-decision.ts';
import type { AuthUser } from '#shared/users.ts';

function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    email: 'vendor@demo.local',
    firstName: 'Val',
    lastName: 'Vendor',
    type: 'vendor',
    is_staff: false,
    is_superuser: false,
    client: null,
    ...overrides,
  };
}

function input(overrides: Partial<GuardInput> = {}): GuardInput {
  return {
    token: 'token',
    status: 'success',
    data: { isAuthenticated: true, user: makeUser() },
    errorMeansSignedOut: false,
    pathname: '/vendor/jobs',
    ...overrides,
  };
}

describe('decideGuard (signed-in spec, section 4)', () => {
  it('sends a visitor without a token to /login', () => {
    expect(decideGuard(input({ token: null }))).toEqual({ kind: 'login' });
  });

  it('waits while the user is being fetched', () => {
    expect(decideGuard(input({ status: 'pending', data: undefined }))).toEqual({ kind: 'checking' });
  });

  it('sends the visitor to /login when fetching the user fails', () => {
    expect(decideGuard(input({ status: 'error', data: undefined, errorMeansSignedOut: true }))).toEqual({
      kind: 'login',
    });
  });

  it('sends the visitor to /login when there is no user', () => {
    expect(decideGuard(input({ data: { isAuthenticated: false, user: null } }))).toEqual({ kind: 'login' });
    expect(decideGuard(input({ data: { isAuthenticated: true, user: null } }))).toEqual({ kind: 'login' });
  });

  it('keeps a known user when only the connection dropped', () => {
    const decision = decideGuard(input({ status: 'error', errorMeansSignedOut: false }));
    expect(decision.kind).toBe('allow');
  });

  it('waits for the connection, signed in, when it dropped before any user was known', () => {
    expect(decideGuard(input({ status: 'error', data: undefined, errorMeansSignedOut: false }))).toEqual({
      kind: 'offline',
    });
  });

  it('lets a vendor into the vendor area and keeps it out of the others', () => {
    expect(decideGuard(input()).kind).toBe('allow');
    expect(decideGuard(input({ pathname: '/property-manager/dashboard' }))).toEqual({
      kind: 'redirect',
      to: '/vendor/dashboard',
    });
    expect(decideGuard(input({ pathname: '/admin/' }))).toEqual({
      kind: 'redirect',
      to: '/vendor/dashboard',
    });
  });

  it('lets a property manager into the manager area and keeps it out of the others', () => {
    const manager = { isAuthenticated: true, user: makeUser({ type: 'property_manager' }) };
    expect(decideGuard(input({ data: manager, pathname: '/property-manager/maintenance' })).kind).toBe(
      'allow',
    );
    expect(decideGuard(input({ data: manager, pathname: '/vendor/jobs' }))).toEqual({
      kind: 'redirect',
      to: '/property-manager/dashboard',
    });
  });

  it('lets staff and superusers into every area', () => {
    for (const flags of [{ is_staff: true }, { is_superuser: true }]) {
      const staff = { isAuthenticated: true, user: makeUser({ type: null, ...flags }) };
      for (const pathname of ['/vendor/jobs', '/property-manager/team', '/admin/users']) {
        expect(decideGuard(input({ data: staff, pathname })).kind).toBe('allow');
      }
    }
  });

  it('sends a user of any other type to /', () => {
    const other = { isAuthenticated: true, user: makeUser({ type: null }) };
    expect(decideGuard(input({ data: other }))).toEqual({ kind: 'redirect', to: '/' });
  });
});
