declare const handle: (request: Request) => Promise<Response>
export default handle
export const config: { path: string }
