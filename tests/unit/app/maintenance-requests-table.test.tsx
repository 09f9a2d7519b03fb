// @vitest-environment jsdom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MaintenanceRequestsTable } from '#app/requests/maintenance-requests-table.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import type { ManagerRequestItem } from '#shared/manager-responses.ts';

// The manager's list names a request as everywhere else ('#43'), and counts its vendors and bids.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const request: ManagerRequestItem = {
  id: 43,
  created_at: '2026-12-01T10:00:00.000Z',
  service_type: 'Painting',
  description: 'Repaint the stairwell',
  property: 'Harbor View',
  property_id: 1,
  unit: null,
  status: 'open',
  priority: 'medium',
  areas_affected: [],
  vendors: [
    { id: 7, name: 'Birch Paint' },
    { id: 8, name: 'Cedar Paint' },
    { id: 9, name: 'Dune Paint' },
  ],
  bid_count: 3,
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('MaintenanceRequestsTable', () => {
  it('shows the request as #43 with its vendor and bid counts', () => {
    act(() =>
      root.render(
        <ThemeProvider>
          <MemoryRouter>
            <MaintenanceRequestsTable requests={[request]} sort={null} onSort={() => {}} />
          </MemoryRouter>
        </ThemeProvider>,
      ),
    );
    const text = container.textContent ?? '';
    expect(text).toContain('#43');
    expect(text).not.toContain('req-');
    expect(text).toContain('3 vendor(s)');
    expect(text).toContain('3 bids');
    expect(text).not.toContain('No vendors');
  });
});
