// Reordering a grid by dragging a handle, with a mouse, a pen or a finger (pointer events; the
// handle sets touch-action none so a finger drags instead of scrolling). While dragging, the
// items (cells with data-sort-id inside an element with data-sort-list) are shown in the new order; on release the new order is handed over once, and kept on
// screen until the items themselves change (the saved order comes back from the server).
import { useState, type PointerEvent as ReactPointerEvent } from 'react';

interface Drag<T> {
  base: readonly T[];
  order: string[];
  dragging: string | null;
}

/** The index of the cell whose centre is nearest to the point. */
export function nearestCell(point: { x: number; y: number }, cells: readonly { left: number; top: number; width: number; height: number }[]): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  cells.forEach((cell, index) => {
    const distance = Math.hypot(point.x - (cell.left + cell.width / 2), point.y - (cell.top + cell.height / 2));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** `order` with `id` moved to position `to`. */
export function moveTo(order: readonly string[], id: string, to: number): string[] {
  const next = order.filter((item) => item !== id);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

/** `items` must be the same array from render to render until the items themselves change. */
export function useDragSort<T extends { id: string }>(items: readonly T[], onSorted: (ordered: T[]) => void) {
  const [drag, setDrag] = useState<Drag<T> | null>(null);
  const current = drag && drag.base === items ? drag : null;
  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = current ? current.order.flatMap((id) => byId.get(id) ?? []) : [...items];

  const handle = (id: string) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDrag({ base: items, order: shown.map((item) => item.id), dragging: id });
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      if (!current || current.dragging !== id) return;
      const list = event.currentTarget.closest('[data-sort-list]');
      const cells = Array.from(list?.querySelectorAll<HTMLElement>('[data-sort-id]') ?? [], (cell) => cell.getBoundingClientRect());
      const to = nearestCell({ x: event.clientX, y: event.clientY }, cells);
      if (to < 0 || current.order[to] === id) return;
      setDrag({ ...current, order: moveTo(current.order, id, to) });
    },
    onPointerUp: () => {
      if (!current || current.dragging !== id) return;
      setDrag({ ...current, dragging: null });
      if (current.order.join() !== items.map((item) => item.id).join()) onSorted(current.order.flatMap((key) => byId.get(key) ?? []));
    },
    onPointerCancel: () => setDrag(null),
    style: { touchAction: 'none', cursor: current?.dragging === id ? 'grabbing' : 'grab' } as const,
  });

  return { shown, handle, dragging: current?.dragging ?? null };
}
