import { asbuildsPath } from '#app/route-paths.ts';

/**
 * Where the card's documentation links lead (the spec leaves them open): the property's as-builds
 * page, at the section for each kind of record.
 */
export function documentationLinks(projectId: number): Array<{ label: string; to: string }> {
  const base = asbuildsPath(projectId);
  return [
    { label: 'In-wall Documentation', to: base },
    { label: 'Drone Photos', to: `${base}#drone-photos` },
    { label: 'Thermal', to: `${base}#thermal` },
    { label: 'RFIs', to: `${base}#rfis` },
    { label: 'Drawings', to: `${base}#drawings` },
  ];
}
