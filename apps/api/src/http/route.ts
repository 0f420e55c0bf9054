import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@kuaibao/domain';
import { ErrorEnvelopeSchema, sendData } from './envelope.ts';
import { validationDetail } from './validate.ts';
import { deepFreeze } from '../shared-state/cached-value.ts';

/** What a route reads from the request, as the domain's zod schemas (packages/domain/src/contracts). */
export interface RequestContract {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler receives: every part already parsed by its schema. */
export type ContractRequest<R extends RequestContract> = FastifyRequest<{ Body: Parsed<R['body']>; Querystring: Parsed<R['querystring']>; Params: Parsed<R['params']> }>;

/**
 * When `data` leaves encrypted (docs/decisions/002-envelope.md): never, always (personal data), or as
 * the answer decides (the init answers carry a previous order's form only sometimes).
 */
export type Encryption<D> = 'never' | 'always' | ((data: D) => boolean);

export interface ApiRoute<R extends RequestContract, D extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** One line for the API reference (/api/docs). */
  summary: string;
  /** The resource, which groups the route in the API reference. */
  tag: string;
  request?: R;
  /** The shape of `data` in the success envelope, before any encryption. */
  response: D;
  encrypt?: Encryption<z.output<D>>;
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /**
   * Runs before the request is validated: rate limits and the visitor's login, so that a throttled
   * or anonymous caller is answered that, and counted, whatever it sent.
   */
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Returns `data`; the wrapper checks it, encrypts it if asked and puts it in the envelope. */
  handler: (request: ContractRequest<R>, reply: FastifyReply) => Promise<z.input<D>>;
}

/** `data` encrypted: base64(iv ‖ AES-128-CBC/PKCS#7(JSON)). */
const EncryptedDataSchema = z.string().meta({ description: 'Encrypted (encrypt: true): base64(iv ‖ AES-128-CBC(JSON of the plaintext shape))' });

/** The success envelope of a route, as published in /api/openapi.json. */
export function envelopeSchema(data: z.ZodType, encrypt: Encryption<never>): z.ZodType {
  if (encrypt === 'never') return z.object({ code: z.literal(0), msg: z.string(), data });
  return z.object({ code: z.literal(0), msg: z.string(), data: z.union([EncryptedDataSchema, data]), encrypt: z.boolean().optional() });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of an answer that its schema dropped when parsing (zod objects strip what they do not name). */
export function undocumentedFields(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, index) => undocumentedFields(item, parsed[index], `${path}[${index}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === undefined) return [];
    if (!(key in parsed)) return [`${path}.${key}`];
    return undocumentedFields(value, parsed[key], `${path}.${key}`);
  });
}

/**
 * Registers a JSON API route from its contract: the request parts are validated by their schemas
 * (http/validate.ts); the handler's `data` is parsed with the response schema, and only the fields
 * it documents are sent. Outside production a shape the schema refuses is a 500, so a drifted
 * answer fails the tests instead of reaching a client; in production it is logged and sent as it
 * is. The envelope and the encryption are done here, once, not in each handler.
 */
export function apiRoute<R extends RequestContract, D extends z.ZodType>(app: FastifyInstance, route: ApiRoute<R, D>): void {
  const encrypt: Encryption<z.output<D>> = route.encrypt ?? 'never';
  const checkResponses = app.config.env !== 'prod';
  /**
   * A frozen answer (the catalog's, shared-state/cached-value.ts deepFreeze) is the same object
   * request after request and cannot change: it is checked once, and its checked form reused.
   */
  const checkedAnswers = new WeakMap<object, unknown>();
  function checkAnswer(request: FastifyRequest, data: unknown): unknown {
    const checked = route.response.safeParse(data);
    let answer: unknown = data;
    if (checked.success) {
      // Only what the schema documents goes out, as with Fastify's own response schemas: a
      // service that spreads a whole row cannot leak its other columns.
      answer = checked.data;
      if (checkResponses) {
        const dropped = undocumentedFields(data, checked.data, 'data');
        if (dropped.length > 0) request.log.warn({ route: `${route.method} ${route.url}`, dropped }, 'answer fields the response schema does not document were left out');
      }
    } else if (checkResponses) {
      throw new AppError('INTERNAL', `${route.method} ${route.url} answered a shape its response schema refuses: ${validationDetail(checked.error, 'data')}`);
    } else {
      // In production a schema slip must not take the route down: the answer goes out as it is.
      request.log.error({ route: `${route.method} ${route.url}`, detail: validationDetail(checked.error, 'data') }, 'answer does not match its response schema');
    }
    if (typeof data === 'object' && data !== null && Object.isFrozen(data)) {
      // Frozen too, so that the envelope built from it may be kept (http/envelope.ts).
      answer = deepFreeze(answer);
      checkedAnswers.set(data, answer);
    }
    return answer;
  }
  app.route({
    method: route.method,
    url: route.url,
    schema: { summary: route.summary, tags: [route.tag], ...route.request, response: { 200: envelopeSchema(route.response, encrypt as Encryption<never>), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema } },
    ...(route.config ? { config: route.config } : {}),
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    ...(route.preValidation ? { preValidation: route.preValidation } : {}),
    handler: async (request, reply) => {
      const data = await route.handler(request as ContractRequest<R>, reply);
      const answer = checkedAnswers.get(data as object) ?? checkAnswer(request, data);
      const encrypted = encrypt === 'always' || (typeof encrypt === 'function' && encrypt(answer as z.output<D>));
      return sendData(reply, answer, { encrypt: encrypted });
    },
  });
}
