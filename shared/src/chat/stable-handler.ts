// A handler whose identity never changes but which always runs the latest closure: what memoised
// rows and the composer receive, so a new message re-renders only what it changes (delivery
// within 150 ms: every re-render of a Chakra row resolves its styles again, which is what delivery waited on).
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
