import { describe, expect, it } from 'vitest';
import { basePathFor, stripBasePath, withBasePath } from './base-path.ts';

describe('base path (corp mode is the same build under /corp)', () => {
  it('is /corp for /corp and anything under /corp/, the root otherwise', () => {
    expect(basePathFor('/corp')).toBe('/corp');
    expect(basePathFor('/corp/')).toBe('/corp');
    expect(basePathFor('/corp/order')).toBe('/corp');
    expect(basePathFor('/corporate')).toBe('');
    expect(basePathFor('/')).toBe('');
    expect(basePathFor('/pay')).toBe('');
  });

  it('maps app paths to browser paths and back', () => {
    expect(stripBasePath('/corp/order', '/corp')).toBe('/order');
    expect(stripBasePath('/corp', '/corp')).toBe('/');
    expect(stripBasePath('/corp/', '/corp')).toBe('/');
    expect(stripBasePath('/pay', '')).toBe('/pay');
    expect(withBasePath('/order?tab=1', '/corp')).toBe('/corp/order?tab=1');
    expect(withBasePath('/', '/corp')).toBe('/corp/');
    expect(withBasePath('/error?code=50001', '')).toBe('/error?code=50001');
  });
});
