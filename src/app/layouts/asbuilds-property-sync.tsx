import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { asbuildsPath, managerPaths } from '#app/route-paths.ts';

/** What to do when the as-builds URL and the selected property disagree; null when nothing. */
export function asbuildsSyncStep(state: {
  urlId: number | null;
  selectedId: number | null;
  previousSelectedId: number | null;
  knownIds: readonly number[];
}): { kind: 'replace-url'; projectId: number } | { kind: 'select'; projectId: number } | null {
  const { urlId, selectedId, previousSelectedId } = state;
  if (urlId === null || selectedId === null || urlId === selectedId) return null;
  // The dropdown changed while on the page: the URL follows (signed-in spec, section 2).
  if (previousSelectedId !== null && previousSelectedId !== selectedId)
    return { kind: 'replace-url', projectId: selectedId };
  // The URL changed (a link, a reload): the dropdown follows, for a property the user has.
  if (state.knownIds.includes(urlId)) return { kind: 'select', projectId: urlId };
  return null;
}

/**
 * Keeps /property-manager/{projectId}/asbuilds and the top bar's selected property together: a new
 * selection replaces the URL with the new id; opening another property's as-builds selects it.
 */
export function AsbuildsPropertySync() {
  const { selected, projects, select } = useSelectedProperty();
  const { pathname, search, hash, key } = useLocation();
  const navigate = useNavigate();
  const match = matchPath(managerPaths.asbuilds, pathname);
  const raw = match?.params.projectId ?? '';
  const urlId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const selectedId = selected?.id ?? null;
  const previous = useRef<number | null>(null);
  // The location at which the URL was asked to follow the selection: until it has moved on, the URL's
  // id is the one being replaced, not one for the dropdown to follow (the router renders the new
  // location a moment later, in a transition).
  const askedAt = useRef<string | null>(null);

  useEffect(() => {
    if (askedAt.current !== null && askedAt.current === key) return;
    askedAt.current = null;
    const step = asbuildsSyncStep({
      urlId,
      selectedId,
      previousSelectedId: previous.current,
      knownIds: projects.map((project) => project.id),
    });
    previous.current = selectedId;
    if (step?.kind === 'replace-url') {
      askedAt.current = key;
      navigate(`${asbuildsPath(step.projectId)}${search}${hash}`, { replace: true });
    }
    if (step?.kind === 'select') select(step.projectId);
  }, [urlId, selectedId, projects, select, navigate, search, hash, key]);

  return null;
}
