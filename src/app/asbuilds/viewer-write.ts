import { type ApiError, networkError, parseApiError } from '#app/lib/api-error.ts';
import type { MountedViewer, ViewerWriteFailure } from '#viewer/viewer-api.ts';
import { refreshCsrfMeta } from './csrf-meta.ts';

function asApiError(error: unknown): ApiError {
  const failure = error as Partial<ViewerWriteFailure> | null;
  if (typeof failure?.status === 'number' && failure.status > 0)
    return parseApiError(failure.status, failure.body);
  return networkError(error);
}

/**
 * A write the viewer makes itself (its init script sends the page's CSRF meta tag), read back as the
 * app's ApiError so a screen shows its field errors and messages as for any other call.
 */
export async function viewerWrite<Result>(
  viewer: MountedViewer | null,
  write: (viewer: MountedViewer) => Promise<Result>,
): Promise<Result> {
  if (!viewer) throw networkError(new Error('The plan viewer is not loaded.'));
  await refreshCsrfMeta();
  try {
    return await write(viewer);
  } catch (error) {
    throw asApiError(error);
  }
}
