/**
 * Builds the folder WeChat's developer tools and miniprogram-ci upload (dist/, project.config.json's
 * miniprogramRoot): each page's script bundled alone with what it imports (packages/domain's signing
 * rule included), as one CommonJS file the mini-program runtime loads; the pages' wxml, wxss and json
 * and app.json / sitemap.json copied beside. Run `npm run mini-program:config` first.
 *
 *   npm run mini-program:build
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

if (!existsSync(path.join(src, 'config.generated.ts'))) {
  console.error('mini-program:build: no src/config.generated.ts; run npm run mini-program:config first (docs/mini-program.md)');
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
const scripts = ['app.ts'];
const copied: string[] = ['app.json', 'sitemap.json'];
for (const page of readdirSync(path.join(src, 'pages'))) {
  const folder = path.join('pages', page);
  if (!statSync(path.join(src, folder)).isDirectory()) continue;
  for (const file of readdirSync(path.join(src, folder))) {
    if (file.endsWith('.test.ts')) continue;
    if (file.endsWith('.ts')) scripts.push(path.join(folder, file));
    else if (/\.(wxml|wxss|json)$/.test(file)) copied.push(path.join(folder, file));
  }
}

for (const script of scripts) {
  await build({
    input: path.join(src, script),
    platform: 'neutral',
    // WeChat's runtime: a file per page, ES2015 is what every base library version runs.
    transform: { target: 'es2015' },
    output: { file: path.join(dist, script.replace(/\.ts$/, '.js')), format: 'cjs', minify: true, codeSplitting: false },
    logLevel: 'warn',
  });
}
for (const file of copied) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  copyFileSync(path.join(src, file), path.join(dist, file));
}
console.log(`mini-program:build: ${scripts.length} scripts and ${copied.length} files in ${path.relative(process.cwd(), dist) || 'dist'}`);
