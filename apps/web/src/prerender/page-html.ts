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
 * One prerendered page from Vite's index.html: the entry's stylesheets and the lazy parts' CSS inline
 * in one <style> (no request stands between the HTML and the first paint), the markup in the root,
 * the snapshot it was rendered from as JSON, and the loader that starts the app after the first paint.
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
  const visited: string[] = [];
  let html = template.replace(STYLESHEET_LINK, (_link, file: string) => {
    cssFiles.push(file);
    return '';
  });
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build's manifest`);
    if (visited.includes(chunk.file)) return;
    visited.push(chunk.file);
    for (const css of chunk.css ?? []) if (!cssFiles.includes(css)) cssFiles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of input.lazy) visit(key);
  const entryTag = /<script type="module"[^>]*src="\/([^"]+)"[^>]*><\/script>/.exec(template);
  if (!entryTag) throw new Error('prerender: the template has no module script');
  const entryFile = entryTag[1]!;
  // The page is on screen before the app's script is even fetched: the inline loader starts it after
  // the first paint. Nothing is preloaded either: every byte before the first paint delays it on a
  // slow network, and the HTML already shows what the scripts would.
  html = html.replace(entryTag[0], '');
  if (!html.includes('</body>')) throw new Error('prerender: the template has no </body>');
  html = html.replace('</body>', `<script>${loaderScript(entryFile)}</script>\n</body>`);

  const css = cssFiles.map((file) => input.readAsset(file).trim()).join('\n');
  const style = `<style>${css}\n${HIDE_ON_WIDE_SCREENS}</style>`;
  if (!html.includes('</head>')) throw new Error('prerender: the template has no </head>');
  html = html.replace('</head>', `${style}\n</head>`);
  const json = JSON.stringify(input.snapshot).replace(/</g, '\\u003c');
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender: the template has no ${root}`);
  return html.replace(root, `<div id="root" data-prerendered>${input.markup}</div>\n<script type="application/json" id="${input.snapshotId}">${json}</script>`);
}

/**
 * The loader of a prerendered page: imports the app's entry once the browser has painted the HTML
 * (its first-contentful-paint entry), so hydration never delays the first paint; after 1 s without
 * one (a background tab, a browser without paint timing) it imports anyway.
 * Inline, so no request stands before the first paint; the server allows it by its hash in the
 * Content-Security-Policy (apps/api/src/http/web-app.ts).
 */
export function loaderScript(entryFile: string): string {
  return [
    'let started=false;',
    // A script element rather than import(): the browser compiles it off the main thread as it arrives.
    `const start=()=>{if(!started){started=true;const s=document.createElement('script');s.type='module';s.src='/${entryFile}';document.head.append(s)}};`,
    "try{new PerformanceObserver(start).observe({type:'paint',buffered:true})}catch{}",
    'setTimeout(start,1000);',
  ].join('');
}
