/** The serverless example's application on the factory given (`framework` or `@framework/fetch`). */
export function buildApp<App>(
  framework: (options: any) => App,
  options?: Record<string, unknown>,
): App
