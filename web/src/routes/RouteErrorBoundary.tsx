import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from '../components/errors';

interface BoundaryProps {
  children: ReactNode;
  /** The URL path: going to another one leaves the error page behind, as a link out of it should. */
  resetKey: string;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  key: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failure: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failure: null, key: props.resetKey };
  }

  render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

/** What a page (or the shell) throws while drawing becomes the 404 or 500 page, until the user goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
