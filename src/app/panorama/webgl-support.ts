/** Whether this browser can open a WebGL context at all (off in some locked-down or old browsers). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    // Hand the context back at once: browsers allow only a few live ones per page.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null && context !== undefined;
  } catch {
    return false;
  }
}
