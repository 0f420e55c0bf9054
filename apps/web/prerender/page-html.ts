/** A chunk of Vite's manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * Wide screens get the desktop layout, which is not prerendered: they do not see the phone's page
 * before the script replaces it. (A wide phone-class device, a tablet, waits for the script too.)
 */
export const HIDE_ON_WIDE_SCREENS = '@media (min-width:768px){#root[data-prerendered]{visibility:hidden}}';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * One prerendered page from Vite's index.html: the entry's stylesheets and the lazy pages' CSS inline
 * in one <style> (no request stands between the HTML and the first paint), the lazy pages' scripts
 * preloaded, the markup in the root, and the snapshot it was rendered from as JSON.
 */
export function pageHtml(input: {
  template: string;
  markup: string;
  snapshot: unknown;
  snapshotId: string;
  manifest: Record<string, ManifestChunk>;
  lazy: string[];
  readAsset: (file: string) => string;
}): string {
  const { template, manifest } = input;
  const cssFiles: string[] = [];
  const scripts: string[] = [];
  let html = template.replace(STYLESHEET_LINK, (_link, file: string) => {
    cssFiles.push(file);
    return '';
  });
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build's manifest`);
    if (scripts.includes(chunk.file)) return;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!cssFiles.includes(css)) cssFiles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of input.lazy) visit(key);
  // The entry chunk is the document's own module script; preloading its imports again is not needed.
  const entryFile = /<script type="module"[^>]*src="\/([^"]+)"/.exec(template)?.[1];
  const preloads = scripts.filter((file) => file !== entryFile).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const css = cssFiles.map((file) => input.readAsset(file).trim()).join('\n');
  const style = `<style>${css}\n${HIDE_ON_WIDE_SCREENS}</style>`;
  if (!html.includes('</head>')) throw new Error('prerender: the template has no </head>');
  html = html.replace('</head>', `${style}\n${preloads.join('\n')}\n</head>`);
  const json = JSON.stringify(input.snapshot).replace(/</g, '\\u003c');
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender: the template has no ${root}`);
  return html.replace(root, `<div id="root" data-prerendered>${input.markup}</div>\n<script type="application/json" id="${input.snapshotId}">${json}</script>`);
}
