/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Development fallback for the signing secret (the server injects the real one). */
  readonly VITE_SIGN_SECRET?: string;
  /** Development fallback for the response AES key, 32 hex characters. */
  readonly VITE_AES_KEY?: string;
  /** v0 | v1 | v2 when the site config does not say. */
  readonly VITE_PROXY_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
