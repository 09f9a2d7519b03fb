import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { readSelectedProperty, writeSelectedProperty } from '#app/lib/selected-property-store.ts';
import type { UserProject } from '#shared/user-projects.ts';
import { useUserProjects } from './api.ts';

export interface SelectedPropertyState {
  /** The user's properties; empty while loading or after a failure. */
  projects: UserProject[];
  /** The selected property: the stored choice when it is still in the list, else the first one. */
  selected: UserProject | null;
  select: (projectId: number) => void;
  isLoading: boolean;
  error: unknown;
}

const NO_PROJECTS: UserProject[] = [];

const SelectedPropertyContext = createContext<SelectedPropertyState | null>(null);

/** Picks the property to show: the wanted id when the list has it, else the first (signed-in spec, section 4). */
export function pickProperty(projects: readonly UserProject[], wanted: number | null): UserProject | null {
  return projects.find((project) => project.id === wanted) ?? projects[0] ?? null;
}

/**
 * The selected property of the signed-in areas (top bar dropdown; the manager sidebar's Property
 * Documentation link, the as-builds URL and the vendor's request form read it). Remembered per user.
 */
export function SelectedPropertyProvider({ children }: { children: ReactNode }) {
  const userId = userOf(useAuthStatus().data)?.id ?? null;
  const query = useUserProjects();
  // Choices made in this tab, per user; the stored one is read during render so that the first
  // render with the list already knows it (an effect would race the auto-selection below).
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const wanted = userId === null ? null : (chosen[userId] ?? readSelectedProperty(userId));

  const projects = query.data ?? NO_PROJECTS;
  const selected = pickProperty(projects, wanted);

  // The auto-selected first property is remembered like a choice, so it survives a reload.
  useEffect(() => {
    if (userId !== null && selected && readSelectedProperty(userId) !== selected.id) {
      writeSelectedProperty(userId, selected.id);
    }
  }, [userId, selected]);

  const select = useCallback(
    (projectId: number) => {
      if (userId === null) return;
      setChosen((current) => ({ ...current, [userId]: projectId }));
      writeSelectedProperty(userId, projectId);
    },
    [userId],
  );

  const value = useMemo<SelectedPropertyState>(
    () => ({ projects, selected, select, isLoading: query.isPending, error: query.error }),
    [projects, selected, select, query.isPending, query.error],
  );
  return <SelectedPropertyContext.Provider value={value}>{children}</SelectedPropertyContext.Provider>;
}

export function useSelectedProperty(): SelectedPropertyState {
  const state = useContext(SelectedPropertyContext);
  if (!state) throw new Error('useSelectedProperty needs SelectedPropertyProvider (the signed-in layout)');
  return state;
}
