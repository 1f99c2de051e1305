import { describe, expect, it } from 'vitest'
import { tracingHasSubscribers } from './handler-tracing.js'

// Whether the handler tracing channel has a listener, on runtimes whose TracingChannel lacks
// `hasSubscribers` (Bun): each of its five channels is asked instead.

const channel = (hasSubscribers: boolean) => ({ hasSubscribers })
const none = {
  start: channel(false),
  end: channel(false),
  asyncStart: channel(false),
  asyncEnd: channel(false),
  error: channel(false),
}

describe('[diagnostics] tracingHasSubscribers', () => {
  it("uses the tracing channel's own answer where the runtime gives one", () => {
    expect(tracingHasSubscribers({ ...none, hasSubscribers: true })).toBe(true)
    expect(tracingHasSubscribers({ ...none, start: channel(true), hasSubscribers: false })).toBe(
      false,
    )
  })

  it('without it, any of the five channels with a subscriber counts', () => {
    expect(tracingHasSubscribers(none)).toBe(false)
    for (const name of ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const) {
      expect(tracingHasSubscribers({ ...none, [name]: channel(true) }), name).toBe(true)
    }
  })
})
