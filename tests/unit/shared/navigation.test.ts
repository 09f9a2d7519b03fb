import { describe, expect, it } from 'vitest';
import { guardRedirect, ownDashboardPath, postLoginPath } from '#shared/navigation.ts';
import type { AuthUser } from '#shared/users.ts';

const user = (overrides: Partial<AuthUser>): AuthUser => ({
  id: 1,
  email: 'someone@example.test',
  firstName: 'Some',
  lastName: 'One',
  type: 'vendor',
  is_staff: false,
  is_superuser: false,
  client: null,
  ...overrides,
});

describe('postLoginPath', () => {
  it('sends staff and superusers to the admin site, whatever their type', () => {
    expect(postLoginPath(user({ is_staff: true }))).toBe('/admin/');
    expect(postLoginPath(user({ is_superuser: true, type: 'property_manager' }))).toBe('/admin/');
  });
  it('sends each type to its dashboard and anything else home', () => {
    expect(postLoginPath(user({ type: 'property_manager' }))).toBe('/property-manager/dashboard');
    expect(postLoginPath(user({ type: 'vendor' }))).toBe('/vendor/dashboard');
    expect(postLoginPath(user({ type: null }))).toBe('/');
    expect(postLoginPath(null)).toBe('/');
  });
});

describe('ownDashboardPath', () => {
  it("is the user's own dashboard, not always the vendor's", () => {
    expect(ownDashboardPath(user({ type: 'property_manager' }))).toBe('/property-manager/dashboard');
    expect(ownDashboardPath(user({ type: 'vendor' }))).toBe('/vendor/dashboard');
    expect(ownDashboardPath(user({ type: null, is_staff: true }))).toBe('/admin/');
  });
});

describe('guardRedirect', () => {
  it('lets staff into any guarded area', () => {
    const staff = user({ is_staff: true, type: null });
    expect(guardRedirect(staff, '/vendor/jobs')).toBeNull();
    expect(guardRedirect(staff, '/property-manager/maintenance')).toBeNull();
  });
  it('keeps a property manager inside /property-manager', () => {
    const manager = user({ type: 'property_manager' });
    expect(guardRedirect(manager, '/property-manager/maintenance')).toBeNull();
    expect(guardRedirect(manager, '/vendor/jobs')).toBe('/property-manager/dashboard');
    expect(guardRedirect(manager, '/property-managerx')).toBe('/property-manager/dashboard');
  });
  it('keeps a vendor inside /vendor', () => {
    const vendor = user({ type: 'vendor' });
    expect(guardRedirect(vendor, '/vendor/bids')).toBeNull();
    expect(guardRedirect(vendor, '/property-manager/dashboard')).toBe('/vendor/dashboard');
    expect(guardRedirect(vendor, '/admin/')).toBe('/vendor/dashboard');
  });
  it('sends any other type home', () => {
    expect(guardRedirect(user({ type: null }), '/vendor/jobs')).toBe('/');
  });
});
