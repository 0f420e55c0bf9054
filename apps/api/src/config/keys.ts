import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { invalidConfiguration } from './errors.ts';
import { repoRoot } from './paths.ts';

/** Key settings are normalised here once, so providers receive PEM text their libraries accept. */

/** A PEM given inline (literal "\\n" allowed), as a bare base64 body, or as a file path. */
function readKeyText(name: string, value: string): string {
  const inline = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : undefined;
  if (inline) return inline;
  const compact = value.replace(/\s+/g, '');
  if (compact.length > 100 && /^[A-Za-z0-9+/]+=*$/.test(compact)) return compact;
  try {
    return readFileSync(path.resolve(repoRoot, value), 'utf8');
  } catch {
    throw invalidConfiguration([`${name}: neither a PEM key nor a readable file (${value.length > 120 ? 'value hidden' : value})`]);
  }
}

function wrapBase64(body: string, label: string): string {
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

export function privateKeyPem(name: string, value: string): string {
  const text = readKeyText(name, value);
  const candidates = text.includes('-----BEGIN') ? [text] : [wrapBase64(text, 'PRIVATE KEY'), wrapBase64(text, 'RSA PRIVATE KEY')];
  for (const candidate of candidates) {
    try {
      return createPrivateKey(candidate).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      // try the next encoding
    }
  }
  throw invalidConfiguration([`${name}: not a readable RSA private key`]);
}

export function publicKeyPem(name: string, value: string): string {
  const text = readKeyText(name, value);
  try {
    // A certificate PEM works too: its public key is taken.
    return createPublicKey(text.includes('-----BEGIN') ? text : wrapBase64(text, 'PUBLIC KEY')).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw invalidConfiguration([`${name}: not a readable public key or certificate`]);
  }
}
