import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef } from 'react';
import type { StageView } from './use-stage-view.ts';

/** Beyond this many pixels a press is a drag (pan), not a click (a measure point). */
const CLICK_SLOP = 5;

interface Press {
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  dragged: boolean;
}

/**
 * Mouse, pen and touch on the plan: drag pans, two fingers pinch-zoom, the wheel zooms at the
 * cursor, and a press that did not move is a click (`onClick` with stage coordinates).
 */
export function useStageGestures(
  stageRef: RefObject<HTMLDivElement | null>,
  stage: StageView,
  onClick: (point: { x: number; y: number }) => void,
) {
  const presses = useRef(new Map<number, Press>());
  const pinchDistance = useRef<number | null>(null);
  const { zoomAround } = stage;

  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    // React's onWheel is passive, and the page must not scroll while the plan zooms.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomAround(Math.exp(-event.deltaY * 0.0015), {
        x: event.clientX - rect.left,
        y: event.clientY - rect.top,
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stageRef, zoomAround]);

  const local = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const pinch = () => {
    const [a, b] = [...presses.current.values()];
    if (!a || !b) return null;
    return {
      distance: Math.hypot(a.lastX - b.lastX, a.lastY - b.lastY),
      centre: { x: (a.lastX + b.lastX) / 2, y: (a.lastY + b.lastY) / 2 },
    };
  };

  return {
    onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      const point = local(event);
      event.currentTarget.setPointerCapture(event.pointerId);
      presses.current.set(event.pointerId, {
        startX: point.x,
        startY: point.y,
        lastX: point.x,
        lastY: point.y,
        dragged: false,
      });
      pinchDistance.current = pinch()?.distance ?? null;
    },
    onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
      const press = presses.current.get(event.pointerId);
      if (!press) return;
      const point = local(event);
      const dx = point.x - press.lastX;
      const dy = point.y - press.lastY;
      press.lastX = point.x;
      press.lastY = point.y;
      if (Math.hypot(point.x - press.startX, point.y - press.startY) > CLICK_SLOP) press.dragged = true;
      if (presses.current.size >= 2) {
        const now = pinch();
        if (now && pinchDistance.current) stage.zoomAround(now.distance / pinchDistance.current, now.centre);
        pinchDistance.current = now?.distance ?? null;
        return;
      }
      if (press.dragged) stage.pan(dx, dy);
    },
    onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
      const press = presses.current.get(event.pointerId);
      const wasPinch = presses.current.size >= 2;
      presses.current.delete(event.pointerId);
      pinchDistance.current = null;
      if (press && !press.dragged && !wasPinch) onClick({ x: press.lastX, y: press.lastY });
    },
    onPointerCancel(event: ReactPointerEvent<HTMLDivElement>) {
      presses.current.delete(event.pointerId);
      pinchDistance.current = null;
    },
  };
}
