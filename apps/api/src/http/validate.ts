import type { z } from 'zod';
import { AppError } from '@kuaibao/domain';

/** Parses a request part with a contract schema; failures become VALIDATION_FAILED naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw new AppError('VALIDATION_FAILED', `${field}: ${issue?.message ?? 'invalid'}`);
}
