// Catches render errors outside the router and shows the general error screen (SPEC 8.7),
// loading it only when something has gone wrong.
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from './report.ts';

const GeneralErrorScreen = lazy(() => import('./ErrorScreens.tsx').then((module) => ({ default: module.GeneralErrorScreen })));

export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    reportError(error, { fatal: true, source: 'boundary' });
  }
  override render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <GeneralErrorScreen />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
