import { describe, expect, it } from 'vitest';
import { HIDE_ON_WIDE_SCREENS, loaderScript, pageHtml, type ManifestChunk } from './page-html.ts';

/** Vite's index.html as the client build writes it. */
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <!--kb-client-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/entry.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST: Record<string, ManifestChunk> = {
  'src/pages/check/check-page.tsx': { file: 'assets/check.js', css: ['assets/check.css'], imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
};

const ASSETS: Record<string, string> = { 'assets/entry.css': '.entry{color:red}', 'assets/check.css': '.check{color:blue}', 'assets/shared.css': '.shared{margin:0}' };

const build = (lazy: string[] = []) =>
  pageHtml({
    template: TEMPLATE,
    markup: '<main><h1>企业年报代办</h1></main>',
    snapshot: { path: '/', text: '</script><script>alert(1)</script>' },
    snapshotId: 'kb-prerender',
    manifest: MANIFEST,
    lazy,
    readAsset: (file) => ASSETS[file]!,
  });

describe('pageHtml', () => {
  it('puts the markup in the root, marked, with the snapshot beside it', () => {
    const html = build();
    expect(html).toContain('<div id="root" data-prerendered><main><h1>企业年报代办</h1></main></div>');
    // A `<` in the data cannot close the JSON block.
    expect(html).toContain('<script type="application/json" id="kb-prerender">{"path":"/","text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');
  });

  it('inlines the entry stylesheet and the lazy chunks’ CSS (imports too) in one style, with no link left', () => {
    const html = build(['src/pages/check/check-page.tsx']);
    expect(html).not.toContain('rel="stylesheet"');
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1];
    expect(style).toBe(`.entry{color:red}\n.check{color:blue}\n.shared{margin:0}\n${HIDE_ON_WIDE_SCREENS}`);
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it('starts the entry from the loader after the first paint, not from a module script or a preload', () => {
    const html = build();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(`<script>${loaderScript('assets/index-abc.js')}</script>\n</body>`);
    expect(loaderScript('assets/index-abc.js')).toContain("s.src='/assets/index-abc.js'");
  });

  it('fails on a lazy module the manifest does not know', () => {
    expect(() => build(['src/gone.tsx'])).toThrow(/src\/gone\.tsx is not in the build's manifest/);
  });
});
