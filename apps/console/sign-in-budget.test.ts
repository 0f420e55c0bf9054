import { describe, expect, it } from 'vitest';
import { chunkingProblems, signInFiles, type Manifest } from './sign-in-budget.ts';

const LOGIN = 'src/routes/login/login-page.tsx';
const OPTIONS = { signInSource: LOGIN, routesDir: 'src/routes/', vendorName: 'vendor' };

/** The shape this build writes: a small entry, our start-up code, the vendor chunk, lazy pages. */
const manifest = (): Manifest => ({
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_app.js'] },
  '_app.js': { file: 'assets/app.js', name: 'app', imports: ['_vendor.js', '_runtime.js'], dynamicImports: ['src/routes/orders/order-list-page.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js', name: 'vendor', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js', name: 'rolldown-runtime' },
  '_app.css': { file: 'assets/app.css' },
  '_vendor-pages.js': { file: 'assets/vendor-pages.js', name: 'vendor-pages', imports: ['_vendor.js'] },
  'src/routes/orders/order-list-page.tsx': { file: 'assets/order-list-page.js', src: 'src/routes/orders/order-list-page.tsx', isDynamicEntry: true, imports: ['_vendor.js', '_vendor-pages.js', '_app.js'] },
});

describe('signInFiles', () => {
  it('counts the entry and its static imports once each, not the lazy pages or their vendor chunk', () => {
    expect(signInFiles(manifest(), LOGIN).sort()).toEqual(['assets/app.js', 'assets/index.js', 'assets/runtime.js', 'assets/vendor.js']);
  });

  it('adds the sign-in page and its imports when the page is a lazy chunk of its own', () => {
    const lazyLogin = { ...manifest(), [LOGIN]: { file: 'assets/login-page.js', src: LOGIN, isDynamicEntry: true, imports: ['_vendor.js', '_form.js'] }, '_form.js': { file: 'assets/form.js' } };
    expect(signInFiles(lazyLogin, LOGIN).sort()).toEqual(['assets/app.js', 'assets/form.js', 'assets/index.js', 'assets/login-page.js', 'assets/runtime.js', 'assets/vendor.js']);
  });
});

describe('chunkingProblems', () => {
  it('passes one vendor chunk on the sign-in page and lazy routes apart from it', () => {
    expect(chunkingProblems(manifest(), OPTIONS)).toEqual([]);
  });

  it('reports a route that the entry imports statically (the sign-in page would load it)', () => {
    const eager = manifest();
    eager['_app.js']!.imports!.push('src/routes/orders/order-list-page.tsx');
    expect(chunkingProblems(eager, OPTIONS)).toEqual(['src/routes/orders/order-list-page.tsx is loaded by the sign-in page']);
  });

  it('reports a route bundled into the vendor chunk', () => {
    const merged = manifest();
    merged['src/routes/orders/order-list-page.tsx']!.file = 'assets/vendor.js';
    expect(chunkingProblems(merged, OPTIONS)).toContain('src/routes/orders/order-list-page.tsx is inside the vendor chunk');
  });

  it('reports no vendor chunk, or two, and no lazy routes at all', () => {
    const none = manifest();
    delete none['_vendor.js'];
    expect(chunkingProblems(none, OPTIONS)).toContain("expected one 'vendor' chunk, found 0");
    const two = { ...manifest(), '_vendor2.js': { file: 'assets/vendor2.js', name: 'vendor' } };
    expect(chunkingProblems(two, OPTIONS)).toContain("expected one 'vendor' chunk, found 2");
    const eagerRoutes = manifest();
    delete eagerRoutes['src/routes/orders/order-list-page.tsx'];
    expect(chunkingProblems(eagerRoutes, OPTIONS)).toContain('no lazy route chunk under src/routes/');
  });

  it('reports a vendor chunk the sign-in page does not load', () => {
    const detached = manifest();
    detached['_app.js']!.imports = ['_runtime.js'];
    expect(chunkingProblems(detached, OPTIONS)).toContain("the sign-in page does not load the 'vendor' chunk");
  });
});
