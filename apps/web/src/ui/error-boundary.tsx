import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Shown instead of the children once they have thrown (a chunk that failed to load, a render error). */
  fallback: ReactNode;
  onError?: (error: unknown) => void;
  children?: ReactNode;
}

/**
 * Keeps a failure inside its part of the page: without one, React unmounts the whole app and the
 * visitor is left with a blank screen (a lazy chunk lost on a weak mobile network is the usual cause).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  constructor(props: ErrorBoundaryProps) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
