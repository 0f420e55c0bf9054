import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

afterEach(cleanup);

function Broken(): never {
  throw new Error('chunk lost');
}

describe('ErrorBoundary', () => {
  it('shows its fallback in place of children that throw, and reports the error', () => {
    // React logs caught render errors; keep the test output readable.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn<(error: unknown) => void>();
    render(
      <div>
        <p>kept</p>
        <ErrorBoundary fallback={<p>fallback</p>} onError={onError}>
          <Broken />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByText('kept')).toBeTruthy();
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'chunk lost' }));
    quiet.mockRestore();
  });

  it('renders the children when nothing throws', () => {
    render(
      <ErrorBoundary fallback={<p>fallback</p>}>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });
});
