import { describe, expect, it } from 'vitest';
import { matchScore, routeFiles } from '#shared/route-chunks.ts';

const LIST = {
  files: ['a.js', 'b.css', 'c.js', 'd.js'],
  routes: {
    '/vendor/jobs': [0, 1],
    '/vendor/requests/:requestId': [2],
    '/admin/*': [3],
    '*': [],
  },
};

describe('the shell route list', () => {
  it('scores a static segment above a parameter, and either above a catch-all', () => {
    expect(matchScore('/vendor/jobs', '/vendor/jobs')).toBe(4);
    expect(matchScore('/vendor/requests/:requestId', '/vendor/requests/12')).toBe(5);
    expect(matchScore('/vendor/jobs', '/vendor/jobs/12')).toBeNull();
    expect(matchScore('/vendor/requests/:requestId', '/vendor/requests')).toBeNull();
    expect(matchScore('/admin/*', '/admin/users/3')).toBe(2);
    expect(matchScore('*', '/anything')).toBe(0);
  });

  it("gives the best route's files, and none for a path only the catch-all takes", () => {
    expect(routeFiles(LIST, '/vendor/jobs')).toEqual(['a.js', 'b.css']);
    expect(routeFiles(LIST, '/vendor/requests/7')).toEqual(['c.js']);
    expect(routeFiles(LIST, '/admin/applications')).toEqual(['d.js']);
    expect(routeFiles(LIST, '/vendor/unknown')).toEqual([]);
  });
});
