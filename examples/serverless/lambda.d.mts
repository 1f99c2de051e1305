/** The Lambda handler: an event and its context in, the trigger's response shape out. */
export const handler: (event: Record<string, any>, context?: Record<string, any>) => Promise<any>
