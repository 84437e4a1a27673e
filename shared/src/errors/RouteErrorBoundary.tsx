// The error boundary around the routes' content (SPEC 8.7): a page that fails to load shows the
// page-load failure screen, any other error 'Unexpected Application Error!'; the layout around
// it stays. It resets when the location changes (the layouts key it by path).
import { Component, lazy, Suspense, type ReactNode } from 'react';

const RouteErrorScreen = lazy(() => import('./ErrorScreens.tsx').then((module) => ({ default: module.RouteErrorScreen })));

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorScreen error={this.state.error} />
      </Suspense>
    );
  }
}
