// Renders its children once their frame comes near the viewport (within `margin` of it), in a
// transition; until then, and on the server, the fallback holds the frame. For heavy sections
// far below the fold (home's rows of artist cards): the work is done when a visitor scrolls
// towards them, not all at start-up. Without IntersectionObserver the children render at once.
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

export function NearViewport({ children, fallback, margin = '600px' }: { children: ReactNode; fallback: ReactNode; margin?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          startTransition(() => setNear(true));
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    // A plain block box: what the observer watches (it holds the fallback's or the children's size).
    <div ref={frame}>{near ? children : fallback}</div>
  );
}
