import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ERROR_CATALOG, type AppError, type Envelope } from '@kuaibao/domain';
import { encryptJson } from './response-crypto.ts';

export function successEnvelope(data: unknown): Envelope {
  return { code: 0, msg: 'ok', data };
}

export function errorEnvelope(error: AppError): Envelope {
  return { code: error.code, msg: error.message };
}

/**
 * The success envelope of a frozen `data` (the catalog's), as UTF-8 bytes, written once: the site
 * config carries the 7 kB privacy text, and encoding it for every start-up was a sixth of the
 * server's time on that route (decision 029).
 */
const envelopeBytes = new WeakMap<object, Buffer>();

/** Replies with the success envelope, encrypting `data` when the route carries personal data. */
export function sendData(reply: FastifyReply, data: unknown, options: { encrypt?: boolean } = {}): FastifyReply {
  if (options.encrypt) {
    return reply.send({ code: 0, msg: 'ok', data: encryptJson(data, reply.server.config.responseAesKey), encrypt: true } satisfies Envelope);
  }
  if (typeof data === 'object' && data !== null && Object.isFrozen(data)) {
    let bytes = envelopeBytes.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(successEnvelope(data)), 'utf8');
      envelopeBytes.set(data, bytes);
    }
    // Bytes with their content type are sent as they are: no serialisation, no encoding.
    return reply.type('application/json; charset=utf-8').send(bytes);
  }
  return reply.send(successEnvelope(data));
}

/** A refusal or a failure: the catalog's code and text, never data (docs/decisions/002-envelope.md). */
export const ErrorEnvelopeSchema = z.object({ code: z.number().int(), msg: z.string() }).meta({ description: 'An error: the catalog code and its Chinese text, a detail after the first comma' });

export const INTERNAL_ENVELOPE: Envelope = { code: ERROR_CATALOG.INTERNAL.code, msg: ERROR_CATALOG.INTERNAL.message };
