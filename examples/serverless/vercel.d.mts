type Handle = (request: Request) => Promise<Response>
export const GET: Handle
export const POST: Handle
export const PUT: Handle
export const PATCH: Handle
export const DELETE: Handle
