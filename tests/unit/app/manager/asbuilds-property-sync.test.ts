import { describe, expect, it } from 'vitest';
import { documentationLinks } from '#app/asbuilds/documentation-links.ts';
import { asbuildsSyncStep } from '#app/layouts/asbuilds-property-sync.tsx';
import { ApiError } from '#app/lib/api-error.ts';
import { clientPropertiesError } from '#app/manager/client-properties-page.tsx';
import { lifecycleErrorMessage } from '#app/requests/lifecycle-error.ts';

describe('the as-builds URL and the selected property', () => {
  const known = [3, 5, 7];

  it('replaces the URL when the selection changes on the page', () => {
    expect(asbuildsSyncStep({ urlId: 3, selectedId: 5, previousSelectedId: 3, knownIds: known })).toEqual({
      kind: 'replace-url',
      projectId: 5,
    });
  });

  it('selects the property of an as-builds URL the user opened', () => {
    // First render after the projects load: nothing selected before.
    expect(asbuildsSyncStep({ urlId: 7, selectedId: 3, previousSelectedId: null, knownIds: known })).toEqual({
      kind: 'select',
      projectId: 7,
    });
    // A link to another property's as-builds while the selection stayed.
    expect(asbuildsSyncStep({ urlId: 7, selectedId: 3, previousSelectedId: 3, knownIds: known })).toEqual({
      kind: 'select',
      projectId: 7,
    });
  });

  it('does nothing off the as-builds page, when both agree, or for a property the user lacks', () => {
    expect(
      asbuildsSyncStep({ urlId: null, selectedId: 5, previousSelectedId: 3, knownIds: known }),
    ).toBeNull();
    expect(asbuildsSyncStep({ urlId: 5, selectedId: 5, previousSelectedId: 3, knownIds: known })).toBeNull();
    expect(asbuildsSyncStep({ urlId: 99, selectedId: 5, previousSelectedId: 5, knownIds: known })).toBeNull();
  });
});

describe('client properties', () => {
  it("shows the server's error field, else the spec's fallbacks", () => {
    const withField = new ApiError({
      status: 403,
      body: { error: 'Not your client.' },
      serverMessage: 'Not your client.',
    });
    expect(clientPropertiesError(withField)).toBe('Error loading properties: Not your client.');
    expect(clientPropertiesError(new ApiError({ status: 500 }))).toBe(
      'Error loading properties: Failed to fetch properties',
    );
    expect(clientPropertiesError(new Error('boom'))).toBe(
      'Error loading properties: An unknown error occurred',
    );
  });

  it('links each record kind to a section of the as-builds page', () => {
    expect(documentationLinks(4)).toEqual([
      { label: 'In-wall Documentation', to: '/property-manager/4/asbuilds' },
      { label: 'Drone Photos', to: '/property-manager/4/asbuilds#drone-photos' },
      { label: 'Thermal', to: '/property-manager/4/asbuilds#thermal' },
      { label: 'RFIs', to: '/property-manager/4/asbuilds#rfis' },
      { label: 'Drawings', to: '/property-manager/4/asbuilds#drawings' },
    ]);
  });
});

describe('lifecycle errors', () => {
  it("shows the server's detail of a refused step", () => {
    const refused = new ApiError({
      status: 409,
      code: 'INVALID_TRANSITION',
      serverMessage: 'A bid can be awarded only while the request is Open; it is In Progress.',
    });
    expect(lifecycleErrorMessage(refused)).toBe(
      'A bid can be awarded only while the request is Open; it is In Progress.',
    );
    expect(
      lifecycleErrorMessage(
        new ApiError({ status: 400, fieldErrors: { note: ['Describe the work that was done.'] } }),
      ),
    ).toBe('Describe the work that was done.');
    expect(lifecycleErrorMessage(new ApiError({ status: 0 }))).toMatch(/offline/);
  });
});
