// The entry every module imports; the settings themselves are split by concern under config/.
export * from './config/index.ts';
