// Every route's error boundary: a screen that crashes shows this instead of taking the whole app down, and the
// next navigation starts afresh (the boundary is keyed by the path).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from './button';
import { ErrorState } from './feedback';
import { Page } from './page';

/** A deployment replaced the chunks this page was built with: a reload fetches the new ones. */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const stale = isStaleChunk(this.state.error);
    return (
      <Page narrow>
        <ErrorState
          message={stale ? 'The shop has been updated' : 'Something went wrong on this page'}
          hint={stale ? 'Reload the page to continue.' : 'Reload the page to try again, or go back to the products.'}
          onRetry={() => window.location.reload()}
        />
        <ButtonLink to="/" variant="ghost">
          Go to products
        </ButtonLink>
      </Page>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
