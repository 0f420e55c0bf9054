import type { FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@kuaibao/domain';

/**
 * The one file of a multipart upload (a route registered with @fastify/multipart and its limits),
 * read whole: over the size limit or missing, the kind's catalog codes; anything else is a body the
 * client broke (a truncated multipart: "Unexpected end of form"), answered as missing.
 */
export async function readOneFile(request: FastifyRequest, refusals: { tooLarge: ErrorCode; missing: ErrorCode }): Promise<{ body: Buffer; filename: string }> {
  try {
    const file = await request.file();
    if (!file) throw new AppError(refusals.missing);
    return { filename: file.filename, body: await file.toBuffer() };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(refusals.tooLarge);
    if (error instanceof AppError) throw error;
    throw new AppError(refusals.missing, code ?? (error as Error).message);
  }
}
