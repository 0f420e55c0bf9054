import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { preloadable } from '../../common/preloadable.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';

/** The home's extras chunk (home-extras.tsx); main.tsx preloads it at start. */
export const homeExtras = preloadable(() => import('./home-extras.tsx'));

type Extras = Awaited<ReturnType<typeof homeExtras.preload>>;

/**
 * One extra in its own Suspense boundary (React hydrates each boundary as its own task) and its own
 * error boundary: a lost chunk costs the extra, never the form.
 */
export function HomeExtra<K extends keyof Extras>({ name, ...props }: { name: K } & ComponentProps<Extras[K]>) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Extra name={name} props={props} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Extra<K extends keyof Extras>({ name, props }: { name: K; props: object }) {
  const Component = homeExtras.read()[name] as (props: object) => ReactNode;
  return <Component {...props} />;
}
