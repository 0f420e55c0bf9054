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

/** Replies with the success envelope, encrypting `data` when the route carries personal data. */
export function sendData(reply: FastifyReply, data: unknown, options: { encrypt?: boolean } = {}): FastifyReply {
  if (options.encrypt) {
    return reply.send({ code: 0, msg: 'ok', data: encryptJson(data, reply.server.config.responseAesKey), encrypt: true } satisfies Envelope);
  }
  return reply.send(successEnvelope(data));
}

/** A refusal or a failure: the catalog's code and text, never data (docs/decisions/002-envelope.md). */
export const ErrorEnvelopeSchema = z.object({ code: z.number().int(), msg: z.string() }).meta({ description: 'An error: the catalog code and its Chinese text, a detail after the first comma' });

export const INTERNAL_ENVELOPE: Envelope = { code: ERROR_CATALOG.INTERNAL.code, msg: ERROR_CATALOG.INTERNAL.message };
