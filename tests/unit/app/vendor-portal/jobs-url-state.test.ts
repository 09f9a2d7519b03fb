import { describe, expect, it } from 'vitest';
import {
  jobsApiQuery,
  jobsSearchPath,
  nextSort,
  readJobsView,
  writeJobsView,
} from '#app/requests/jobs-url-state.ts';

const read = (query: string) => readJobsView(new URLSearchParams(query));

describe('Available Jobs view in the URL', () => {
  it('reads filters, search, sort and page', () => {
    expect(read('service_type=HVAC&status=open&search=%20leak%20&ordering=-deadline&page=3')).toEqual({
      serviceType: 'HVAC',
      status: 'open',
      search: 'leak',
      sort: { field: 'deadline', descending: true },
      page: 3,
    });
  });

  it('falls back to defaults for unknown or broken values', () => {
    expect(read('service_type=Roofing&status=closed&ordering=-price&page=-2')).toEqual({
      serviceType: null,
      status: null,
      search: '',
      sort: null,
      page: 1,
    });
    expect(read('page=2.5').page).toBe(1);
  });

  it('writes only what differs from the default, and reads back the same view', () => {
    expect(writeJobsView(read('')).toString()).toBe('');
    const query = 'service_type=Plumbing&status=in_progress&search=sink&ordering=created_at&page=2';
    expect(writeJobsView(read(query)).toString()).toBe(query);
  });
});

describe('GET /api/vendor/jobs/ query', () => {
  it('omits ordering in the default sort and always sends page and page_size 10', () => {
    expect(jobsApiQuery(read(''))).toEqual({ page: 1, page_size: 10 });
  });

  it("sends ordering with '-' for descending, the filters and the page", () => {
    expect(jobsApiQuery(read('status=open&ordering=-created_at&page=4&search=kitchen'))).toEqual({
      status: 'open',
      ordering: '-created_at',
      search: 'kitchen',
      page: 4,
      page_size: 10,
    });
  });
});

describe('column sorting', () => {
  it('goes ascending, then descending, then back to the default sort', () => {
    const first = nextSort(null, 'deadline');
    expect(first).toEqual({ field: 'deadline', descending: false });
    const second = nextSort(first, 'deadline');
    expect(second).toEqual({ field: 'deadline', descending: true });
    expect(nextSort(second, 'deadline')).toBeNull();
  });

  it('starts ascending when another column is clicked', () => {
    expect(nextSort({ field: 'deadline', descending: true }, 'status')).toEqual({
      field: 'status',
      descending: false,
    });
  });
});

describe('top bar search target', () => {
  it('opens Available Jobs filtered by the trimmed text, or unfiltered for blank text', () => {
    expect(jobsSearchPath('  kitchen sink ')).toBe('/vendor/jobs?search=kitchen+sink');
    expect(jobsSearchPath('   ')).toBe('/vendor/jobs');
  });
});
