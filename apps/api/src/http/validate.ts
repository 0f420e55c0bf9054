import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * The message of a failed request part, as the catalog's VALIDATION_FAILED detail: the first
 * issue's field path (or the part's name) and zod's text, e.g. `entity_name: Too big`.
 */
export function validationDetail(error: z.ZodError, part: string): string {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : part;
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/**
 * Routes declare zod schemas for body, querystring and params (http/route.ts); Fastify runs them
 * before the handler and hands it the parsed values. A missing part is read as `{}`, so a body
 * whose fields all have defaults may be left out. A failure is a plain Error that Fastify marks
 * FST_ERR_VALIDATION; the error handler answers it as VALIDATION_FAILED with this detail.
 */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data ?? {});
      if (result.success) return { value: result.data };
      return { error: new Error(validationDetail(result.error, httpPart ?? 'body')) };
    };
  });
  // Answers are written as they are: the response schemas document them and are checked by the
  // route wrapper (outside production), not used to reshape what is sent.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
