import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages, uploadMessages } from '@sp/domain';
import { AppError, fieldError, validationError } from '../errors.js';

/** Fastify's own client errors, answered with a readable message instead of its internal wording. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is wrong.',
  FST_FILES_LIMIT: 'Send one file at a time.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the document as multipart/form-data.',
};

/** The database's description of a failure, without its message (which may quote the values sent). */
function databaseFields(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as Record<string, unknown>;
  if (typeof e.code !== 'string' || (e.routine === undefined && e.severity === undefined)) return undefined;
  const { code, severity, routine, schema, table, column, constraint } = e;
  return { code, severity, routine, schema, table, column, constraint };
}

/**
 * What a 5xx logs: the error's type, place and codes. Never the SQL parameters (drizzle puts them in the
 * message, the stack and `params`) nor a database message, which quotes the offending value (D8).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { query?: unknown; code?: unknown; cause?: unknown };
  const database = databaseFields(e.cause) ?? databaseFields(e);
  if (database === undefined && !('params' in e)) {
    return { type: e.name, message: e.message, code: e.code, stack: e.stack };
  }
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: e.name,
    message: typeof e.query === 'string' ? `Failed query: ${e.query}` : 'The database refused a query.',
    ...database,
    stack: frames.join('\n'),
  };
}

/** A control character in the address, raw or percent-encoded (`%2500` is the text "%00" and passes). */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_URL = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;
export const addressControlMessage =
  'The address has an invisible control character (such as NUL). Remove it and try again.';

/**
 * Maps every error to `{ message, errors? }`: 4xx say what was wrong (and which field), 5xx never leak
 * internals. Validation errors name the field and carry the domain schema's message.
 */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  // No id, class or search takes a control character, and PostgreSQL refuses NUL in text: a backstop
  // for every path and query string, whatever its route's schema says.
  // preParsing: after onRequest, so the cookies a reply's hooks read are parsed; before the body is read.
  app.addHook('preParsing', async (request) => {
    if (CONTROL_IN_URL.test(request.url)) throw new AppError(400, addressControlMessage);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = validationError(
        error.validation.map((v) =>
          fieldError({
            code: v.keyword,
            path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
            message: v.message,
            keys: (v.params as { keys?: string[] }).keys,
          }),
        ),
      );
      return reply.status(400).send({ message, errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: loggableError(error) }, 'response did not match its schema');
      return reply.status(500).send({ message: messages.serverError });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = uploadMessages.tooLarge(request.server.ctx.config.UPLOAD_MAX_MB);
      return reply.status(413).send({ message, errors: [{ field: 'file', message }] });
    }
    if (status >= 400 && status < 500) {
      const message = clientErrorMessages[error.code] ?? error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: messages.serverError });
  });
});
