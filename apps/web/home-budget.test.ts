import { describe, expect, it } from 'vitest';
import { homeRouteChunks, type OutputBundle, type OutputChunk } from './home-budget.ts';

const chunk = (fileName: string, extra: Partial<OutputChunk> = {}): OutputChunk => ({
  type: 'chunk',
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  fileName,
  ...extra,
});

const HOME = 'src/pages/home/home-page.tsx';

describe('homeRouteChunks', () => {
  it('counts the entry, a separate home chunk and their static imports, not the other lazy chunks', () => {
    const bundle: OutputBundle = {
      'index.js': chunk('index.js', { isEntry: true, imports: ['react.js'] }),
      'react.js': chunk('react.js'),
      'home.js': chunk('home.js', { moduleIds: [`/app/${HOME}`], imports: ['shared.js'] }),
      'shared.js': chunk('shared.js'),
      'pay.js': chunk('pay.js', { imports: ['shared.js'] }),
      'style.css': { type: 'asset' },
    };
    expect(homeRouteChunks(bundle, HOME)?.map((c) => c.fileName).sort()).toEqual(['home.js', 'index.js', 'react.js', 'shared.js']);
  });

  it('counts the entry alone when the home page is inside it', () => {
    const bundle: OutputBundle = {
      'index.js': chunk('index.js', { isEntry: true, moduleIds: ['/app/src/main.tsx', `C:\\app\\${HOME.replaceAll('/', '\\')}`] }),
      'pay.js': chunk('pay.js'),
    };
    expect(homeRouteChunks(bundle, HOME)?.map((c) => c.fileName)).toEqual(['index.js']);
  });

  it('gives null when no chunk holds the home page, so the build can fail', () => {
    expect(homeRouteChunks({ 'index.js': chunk('index.js', { isEntry: true }) }, HOME)).toBeNull();
  });
});
