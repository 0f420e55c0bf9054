/**
 * Builds the folder WeChat's developer tools and miniprogram-ci upload (dist/, project.config.json's
 * miniprogramRoot): each page's script bundled alone with what it imports (packages/domain's signing
 * rule included), as one self-contained script (an IIFE: nothing leaks into the page's scope); the pages' wxml, wxss and json
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
const GENERATED = 'config.generated.ts';

/**
 * Builds the upload folder into `outDir`. `generatedConfig` (module text) stands in for
 * src/config.generated.ts: the tests build with their own settings and never need the file.
 */
export async function buildMiniProgram(options: { outDir: string; generatedConfig?: string }): Promise<{ scripts: string[]; copied: string[] }> {
  const { outDir, generatedConfig } = options;
  if (generatedConfig === undefined && !existsSync(path.join(src, GENERATED))) {
    throw new Error('no src/config.generated.ts; run npm run mini-program:config first (docs/mini-program.md)');
  }
  rmSync(outDir, { recursive: true, force: true });
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
  const configId = '\0kuaibao-generated-config';
  const plugins =
    generatedConfig === undefined
      ? []
      : [
          {
            name: 'kuaibao-generated-config',
            resolveId: (source: string) => (source.endsWith(`/${GENERATED}`) ? configId : null),
            load: (id: string) => (id === configId ? generatedConfig : null),
          },
        ];
  for (const script of scripts) {
    await build({
      input: path.join(src, script),
      platform: 'neutral',
      plugins,
      // WeChat's runtime: a file per page; ES2015 runs on every base library version.
      transform: { target: 'es2015' },
      output: { file: path.join(outDir, script.replace(/\.ts$/, '.js')), format: 'iife', minify: true, codeSplitting: false },
      logLevel: 'warn',
    });
  }
  for (const file of copied) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    copyFileSync(path.join(src, file), path.join(outDir, file));
  }
  return { scripts, copied };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.join(root, 'dist');
  try {
    const { scripts, copied } = await buildMiniProgram({ outDir });
    console.log(`mini-program:build: ${scripts.length} scripts and ${copied.length} files in ${path.relative(process.cwd(), outDir) || 'dist'}`);
  } catch (error) {
    console.error(`mini-program:build: ${(error as Error).message}`);
    process.exit(1);
  }
}
