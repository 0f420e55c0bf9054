/**
 * The signing secret and the response key. The server writes them into the served
 * index.html as `<meta name="kb-client" content='{"signSecret":"…","aesKey":"…"}'>`
 * in place of `<!--kb-client-->`; under `vite dev` nothing replaces the placeholder, so
 * the VITE_* variables or the server's development defaults apply.
 * Both values are public by nature (they ship in the page): friction, not authentication.
 */
export interface ClientKeys {
  signSecret: string;
  /** 32 hex characters: the 16-byte AES-128 key. */
  aesKey: string;
}

export const DEV_CLIENT_KEYS: ClientKeys = {
  signSecret: 'kuaibao-dev-sign-secret',
  aesKey: '6b75616962616f2d6465762d61657321',
};

export function readClientKeys(doc: Document = document): ClientKeys {
  const fallback: ClientKeys = {
    signSecret: import.meta.env.VITE_SIGN_SECRET || DEV_CLIENT_KEYS.signSecret,
    aesKey: import.meta.env.VITE_AES_KEY || DEV_CLIENT_KEYS.aesKey,
  };
  const content = doc.querySelector<HTMLMetaElement>('meta[name="kb-client"]')?.content;
  if (!content) return fallback;
  try {
    const parsed = JSON.parse(content) as Partial<ClientKeys>;
    return {
      signSecret: typeof parsed.signSecret === 'string' && parsed.signSecret ? parsed.signSecret : fallback.signSecret,
      aesKey: typeof parsed.aesKey === 'string' && /^[0-9a-f]{32}$/i.test(parsed.aesKey) ? parsed.aesKey : fallback.aesKey,
    };
  } catch {
    return fallback;
  }
}
