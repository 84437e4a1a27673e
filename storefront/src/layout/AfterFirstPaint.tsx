// Renders its children once the browser has painted the rest: below-the-fold sections and
// secondary chrome then cost the first render nothing, which splits one long start-up task
// into shorter ones (a phone stays responsive sooner). The switch is a transition: React renders
// the deferred part in slices of a few milliseconds, yielding to input in between (an ordinary
// update would render it, six rows of cards on home, in one long task).
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        if (!cancelled) startTransition(() => setReady(true));
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
  // The boundary shows the fallback while a part loads: without it, a part that suspends would hold
  // up the transition, and with it every other transition of the page (hydration's retries too).
  return <>{ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</>;
}
