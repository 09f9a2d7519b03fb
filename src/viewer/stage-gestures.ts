/** Beyond this many pixels a press is a drag (pan), not a click (a measure point). */
const CLICK_SLOP = 5;

interface Press {
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  dragged: boolean;
}

export interface GestureTarget {
  zoomAround(factor: number, anchor: { x: number; y: number }): void;
  pan(dx: number, dy: number): void;
  /** A press that did not move, in stage pixels. */
  click(point: { x: number; y: number }): void;
}

/**
 * Mouse, pen and touch on the plan: drag pans, two fingers pinch-zoom, the wheel zooms at the
 * cursor, and a press that did not move is a click. Presses that start on a button (a pin, a zoom
 * control) are the button's own. Answers the function that detaches every listener.
 */
export function attachStageGestures(element: HTMLElement, target: GestureTarget): () => void {
  const presses = new Map<number, Press>();
  let pinchDistance: number | null = null;

  const local = (event: MouseEvent) => {
    const rect = element.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onButton = (event: Event) =>
    event.target instanceof Element && event.target.closest('button') !== null;
  const pinch = () => {
    const [a, b] = [...presses.values()];
    if (!a || !b) return null;
    return {
      distance: Math.hypot(a.lastX - b.lastX, a.lastY - b.lastY),
      centre: { x: (a.lastX + b.lastX) / 2, y: (a.lastY + b.lastY) / 2 },
    };
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || onButton(event)) return;
    const point = local(event);
    element.setPointerCapture?.(event.pointerId);
    presses.set(event.pointerId, {
      startX: point.x,
      startY: point.y,
      lastX: point.x,
      lastY: point.y,
      dragged: false,
    });
    pinchDistance = pinch()?.distance ?? null;
  };
  const onPointerMove = (event: PointerEvent) => {
    const press = presses.get(event.pointerId);
    if (!press) return;
    const point = local(event);
    const dx = point.x - press.lastX;
    const dy = point.y - press.lastY;
    press.lastX = point.x;
    press.lastY = point.y;
    if (Math.hypot(point.x - press.startX, point.y - press.startY) > CLICK_SLOP) press.dragged = true;
    if (presses.size >= 2) {
      const now = pinch();
      if (now && pinchDistance) target.zoomAround(now.distance / pinchDistance, now.centre);
      pinchDistance = now?.distance ?? null;
      return;
    }
    if (press.dragged) target.pan(dx, dy);
  };
  const onPointerUp = (event: PointerEvent) => {
    const press = presses.get(event.pointerId);
    const wasPinch = presses.size >= 2;
    presses.delete(event.pointerId);
    pinchDistance = null;
    if (press && !press.dragged && !wasPinch) target.click({ x: press.lastX, y: press.lastY });
  };
  const onPointerCancel = (event: PointerEvent) => {
    presses.delete(event.pointerId);
    pinchDistance = null;
  };
  // Not passive: the page must not scroll while the plan zooms.
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    target.zoomAround(Math.exp(-event.deltaY * 0.0015), local(event));
  };

  element.addEventListener('pointerdown', onPointerDown);
  element.addEventListener('pointermove', onPointerMove);
  element.addEventListener('pointerup', onPointerUp);
  element.addEventListener('pointercancel', onPointerCancel);
  element.addEventListener('wheel', onWheel, { passive: false });
  return () => {
    element.removeEventListener('pointerdown', onPointerDown);
    element.removeEventListener('pointermove', onPointerMove);
    element.removeEventListener('pointerup', onPointerUp);
    element.removeEventListener('pointercancel', onPointerCancel);
    element.removeEventListener('wheel', onWheel);
  };
}
