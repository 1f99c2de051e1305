// AWS Lambda behind API Gateway (REST and HTTP APIs), an Application Load Balancer or a function
// URL: @fastify/aws-lambda (its Fastify-5 release) turns each event into an inject() call and the
// response into what the trigger expects. Deploy this file with the handler `lambda.handler`.
import awsLambdaFastify from '@fastify/aws-lambda'
import framework from 'framework'
import { buildApp } from './app.mjs'

const app = buildApp(framework)
export const handler = awsLambdaFastify(app, { binaryMimeTypes: ['image/png'] })
// Load the plugins during the init phase (not billed to the first request), as its README advises.
await app.ready()
