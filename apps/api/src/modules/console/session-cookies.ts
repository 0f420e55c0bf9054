import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../staff/index.ts';

/** The session cookie: only ever sent to the console API. */
export const CONSOLE_COOKIE = 'kb_console';
const COOKIE_PATH = '/api/console';
/** The sign-in device cookie (decision 014): sent only to the sign-in route. */
export const DEVICE_COOKIE = 'kb_device';
const DEVICE_COOKIE_PATH = '/api/console/session';
/**
 * Every state-changing console request carries this header. A cross-site form cannot set it
 * (and SameSite=Strict keeps the cookie home anyway): a second lock against request forgery.
 */
export const CONSOLE_REQUEST_HEADER = 'x-kb-console';

/** The session cookie (the token is base64url: nothing to encode). */
export function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${CONSOLE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The device cookie: long-lived, and only ever sent to the sign-in route. */
export function deviceCookie(request: FastifyRequest, value: string): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000)}; HttpOnly; SameSite=Strict${secure}`;
}

export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
