import { afterEach, expect, test, vi } from 'vitest';
import { __vitePreload } from './preload-helper.ts';

const links = (rel?: string) => [...document.head.querySelectorAll<HTMLLinkElement>(rel ? `link[rel="${rel}"]` : 'link')];
const linkTo = (href: string) => links().find((link) => link.getAttribute('href') === href);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.head.innerHTML = '';
});

test('fetches a lazy chunk’s imports alongside it and does not wait for them', async () => {
  const load = vi.fn<() => Promise<string>>(() => Promise.resolve('chunk'));
  await expect(__vitePreload(load, ['assets/a1.js', 'assets/b1.js'])).resolves.toBe('chunk');
  expect(load).toHaveBeenCalledOnce();
  const link = linkTo('/assets/a1.js')!;
  expect(['modulepreload', 'preload']).toContain(link.rel);
  expect(link.as).toBe('script');
  expect(link.crossOrigin).toBe('');
  expect(linkTo('/assets/b1.js')).toBeDefined();
});

test('imports the chunk only once its stylesheet has loaded, so a lazy part never shows unstyled', async () => {
  const load = vi.fn<() => Promise<string>>(() => Promise.resolve('chunk'));
  const imported = __vitePreload(load, ['assets/c2.css']);
  await settled();
  expect(load).not.toHaveBeenCalled();
  const link = linkTo('/assets/c2.css')!;
  expect(link.rel).toBe('stylesheet');
  link.dispatchEvent(new Event('load'));
  await expect(imported).resolves.toBe('chunk');
});

test('a stylesheet that fails rejects the import (the error boundary shows it)', async () => {
  const load = vi.fn<() => Promise<string>>(() => Promise.resolve('chunk'));
  const imported = __vitePreload(load, ['assets/d3.css']);
  linkTo('/assets/d3.css')!.dispatchEvent(new Event('error'));
  await expect(imported).rejects.toThrow('/assets/d3.css');
  expect(load).not.toHaveBeenCalled();
});

test('each file is requested once, and a second import waits for a stylesheet still loading', async () => {
  const first = vi.fn<() => Promise<number>>(() => Promise.resolve(1));
  const second = vi.fn<() => Promise<number>>(() => Promise.resolve(2));
  const one = __vitePreload(first, ['assets/e4.css', 'assets/f4.js']);
  const two = __vitePreload(second, ['assets/e4.css', 'assets/f4.js']);
  await settled();
  expect(links()).toHaveLength(2);
  expect(second).not.toHaveBeenCalled();
  linkTo('/assets/e4.css')!.dispatchEvent(new Event('load'));
  await expect(Promise.all([one, two])).resolves.toEqual([1, 2]);
  await expect(__vitePreload(() => Promise.resolve(3), ['assets/e4.css'])).resolves.toBe(3);
  expect(links()).toHaveLength(2);
});

test('an import without dependencies just loads', async () => {
  await expect(__vitePreload(() => Promise.resolve('plain'))).resolves.toBe('plain');
  expect(links()).toHaveLength(0);
});
