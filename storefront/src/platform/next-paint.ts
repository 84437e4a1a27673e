// Work that should wait until the browser has drawn the next frame: a frame callback, then a task
// of its own after the paint. Returns a cancel.
export function afterNextPaint(work: () => void): () => void {
  let cancelled = false;
  const frame = requestAnimationFrame(() => {
    setTimeout(() => {
      if (!cancelled) work();
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
