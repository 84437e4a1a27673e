// Screens load on first use: the login page (and the first screen after it) carries react-admin's
// core and MUI, not every list, form, chart and editor of the back office. Each screen has its own
// Suspense boundary, so a navigation commits at once (react-admin's loader while the chunk
// arrives) instead of suspending the whole admin with the old screen still on it.
import { Loading } from 'react-admin';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

export function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): (props: object) => ReactElement {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}
