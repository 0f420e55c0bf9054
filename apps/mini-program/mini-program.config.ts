/**
 * Writes the host's deployment settings (docs/mini-program.md), so none is committed:
 *   src/config.generated.ts  the site's address, the mini-program's appid, the public client keys
 *   project.config.json      what WeChat's developer tools and miniprogram-ci read (appid, dist/)
 *
 *   npm run mini-program:config -- --base-url https://kuaibao.example.com --app-id wx0123456789abcdef
 *
 * Flags win over the environment: KB_MP_BASE_URL, WECHAT_MP_APP_ID, SIGN_SECRET, RESPONSE_AES_KEY
 * (the last three are the API's own settings of the same names). Against a local server
 * (http://127.0.0.1 or localhost) the development keys and the tourist appid are the defaults;
 * for any other address each value must be given. `--if-missing` writes only when the files are
 * not there (the typecheck's first run).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The API's development keys (apps/api/src/config/env-schema.ts DEV_DEFAULTS), public by nature. */
const DEV_KEYS = { signSecret: 'kuaibao-dev-sign-secret', aesKey: '6b75616962616f2d6465762d61657321' };
/** WeChat's developer tools accept this appid for trying a project without one of your own. */
const TOURIST_APP_ID = 'touristappid';

export interface GeneratedConfig {
  baseUrl: string;
  appId: string;
  signSecret: string;
  aesKey: string;
}

/** Checks and completes the settings; throws with every problem at once. */
export function resolveConfig(input: Partial<Record<keyof GeneratedConfig, string | undefined>>): GeneratedConfig {
  const problems: string[] = [];
  const baseUrl = (input.baseUrl ?? '').trim().replace(/\/+$/, '');
  let local = false;
  try {
    const url = new URL(baseUrl);
    local = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (!local && url.protocol !== 'https:') problems.push('KB_MP_BASE_URL must be https:// (a web-view opens only https pages of its 业务域名)');
    if (url.pathname !== '/' || url.search || url.hash) problems.push('KB_MP_BASE_URL must be the site root, e.g. https://kuaibao.example.com');
  } catch {
    problems.push('KB_MP_BASE_URL (--base-url) is required: the site the web-view shows');
  }
  const appId = input.appId?.trim() || (local ? TOURIST_APP_ID : '');
  if (appId !== TOURIST_APP_ID && !/^wx[0-9a-zA-Z]{8,30}$/.test(appId)) problems.push('WECHAT_MP_APP_ID (--app-id) must be the mini-program appid starting with wx');
  const signSecret = input.signSecret?.trim() || (local ? DEV_KEYS.signSecret : '');
  if (signSecret.length < 8) problems.push('SIGN_SECRET (--sign-secret) must be the API server\'s SIGN_SECRET');
  const aesKey = input.aesKey?.trim() || (local ? DEV_KEYS.aesKey : '');
  if (!/^[0-9a-fA-F]{32}$/.test(aesKey)) problems.push('RESPONSE_AES_KEY (--aes-key) must be the API server\'s 32 hex characters');
  if (!local && (signSecret === DEV_KEYS.signSecret || aesKey === DEV_KEYS.aesKey)) problems.push('the development keys are for a local server only');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return { baseUrl, appId, signSecret, aesKey };
}

export function configModule(config: GeneratedConfig): string {
  return `// Written by npm run mini-program:config (apps/mini-program/mini-program.config.ts); not committed.\nexport const GENERATED_CONFIG = ${JSON.stringify(config, null, 2)} as const;\n`;
}

/** The developer tools' project file: sources in dist/ (npm run mini-program:build), this appid. */
export function projectConfig(config: GeneratedConfig): string {
  const project = {
    description: 'Kuaibao host mini-program (docs/mini-program.md)',
    miniprogramRoot: 'dist/',
    compileType: 'miniprogram',
    appid: config.appId,
    projectname: 'kuaibao-mini-program',
    setting: { es6: true, minified: true, urlCheck: true, postcss: false },
    libVersion: '3.0.0',
  };
  return `${JSON.stringify(project, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'base-url': { type: 'string' }, 'app-id': { type: 'string' }, 'sign-secret': { type: 'string' }, 'aes-key': { type: 'string' }, 'if-missing': { type: 'boolean' } },
  });
  const targets = { module: here('./src/config.generated.ts'), project: here('./project.config.json') };
  if (values['if-missing'] && existsSync(targets.module) && existsSync(targets.project)) process.exit(0);
  let config: GeneratedConfig;
  try {
    config = resolveConfig({
      baseUrl: values['base-url'] ?? process.env.KB_MP_BASE_URL ?? (values['if-missing'] ? 'http://127.0.0.1:3000' : undefined),
      appId: values['app-id'] ?? process.env.WECHAT_MP_APP_ID,
      signSecret: values['sign-secret'] ?? process.env.SIGN_SECRET,
      aesKey: values['aes-key'] ?? process.env.RESPONSE_AES_KEY,
    });
  } catch (error) {
    console.error(`mini-program:config refused:\n${(error as Error).message}`);
    process.exit(1);
  }
  writeFileSync(targets.module, configModule(config));
  writeFileSync(targets.project, projectConfig(config));
  console.log(`mini-program:config wrote src/config.generated.ts and project.config.json for ${config.baseUrl} (appid ${config.appId})`);
}
