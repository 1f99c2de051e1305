// Shared schemas of the type tests, made known everywhere the way an application does it.
export const product = {
  $id: 'types.product',
  type: 'object',
  properties: {
    sku: { type: 'string' },
    price: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['sku', 'price'],
} as const

export const category = {
  $id: 'types.category',
  type: 'object',
  properties: {
    name: { type: 'string' },
    children: { type: 'array', items: { $ref: 'types.category#' } },
  },
  required: ['name'],
} as const

declare module 'framework' {
  interface SharedSchemas {
    'types.product': typeof product
    'types.category': typeof category
  }
}
