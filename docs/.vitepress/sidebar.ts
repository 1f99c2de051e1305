/** One sidebar section: its title and its pages (links without the `.md`). */
export interface SidebarSection {
  text: string
  items: { text: string; link: string }[]
}

/** Every page of the site, in reading order (the sidebar, llms.txt and the tests read it). */
export const sidebar: SidebarSection[] = [
  {
    text: 'Guide',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Plugins and encapsulation', link: '/guide/plugins' },
      { text: 'Routes and hooks', link: '/guide/routes-and-hooks' },
      { text: 'Validation and coercion', link: '/guide/validation' },
      { text: 'Serialization', link: '/guide/serialization' },
      { text: 'Errors', link: '/guide/errors' },
      { text: 'Testing with inject', link: '/guide/testing' },
      { text: 'TypeScript', link: '/guide/typescript' },
      { text: 'Standard Schema', link: '/guide/standard-schema' },
      { text: 'OpenAPI', link: '/guide/openapi' },
      { text: 'The typed client', link: '/guide/typed-client' },
      { text: 'Running in production', link: '/guide/production' },
      { text: 'Observability', link: '/guide/observability' },
      { text: 'Deploy to the edge', link: '/guide/edge' },
      { text: 'Performance and precompilation', link: '/guide/performance' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'Factory options', link: '/reference/factory-options' },
      { text: 'Instance', link: '/reference/instance' },
      { text: 'Request', link: '/reference/request' },
      { text: 'Reply', link: '/reference/reply' },
      { text: 'Hooks', link: '/reference/hooks' },
      { text: 'Error codes', link: '/reference/error-codes' },
    ],
  },
  {
    text: 'Recipes',
    items: [
      { text: 'Authentication', link: '/recipes/auth' },
      { text: 'File upload', link: '/recipes/file-upload' },
      { text: 'CORS and security headers', link: '/recipes/cors-and-security-headers' },
      { text: 'Rate limiting', link: '/recipes/rate-limiting' },
      { text: 'Logging', link: '/recipes/logging' },
      { text: 'Database access', link: '/recipes/database' },
      { text: 'Serverless', link: '/recipes/serverless' },
    ],
  },
  {
    text: 'Moving from Fastify',
    items: [{ text: 'Moving from Fastify 4 and 5', link: '/migrate/fastify' }],
  },
]
