// The error handler reads the validation details as on Fastify's `FastifyError`.
import type { FastifyError, FastifyInstance } from 'framework'

export function addErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error.validation) {
      const messages = error.validation.map((issue) => `${issue.instancePath} ${issue.message}`)
      return reply.code(422).send({ part: error.validationContext, messages })
    }
    request.log.error(error)
    const status: number = error.statusCode ?? 500
    reply.code(status).send({ code: error.code, message: error.message })
  })
}

export function isClientError(error: FastifyError): boolean {
  return error.statusCode !== undefined && error.statusCode < 500
}
