// Renders its children once the browser has painted the rest: below-the-fold sections and
// secondary chrome then cost the first render nothing, which splits one long start-up task
// into shorter ones (a phone stays responsive sooner).
import { useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../platform/next-paint.ts';

export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterNextPaint(() => setReady(true)), []);
  return <>{ready ? children : fallback}</>;
}
