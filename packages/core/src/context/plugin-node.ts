import type { ContextState } from './context-state.js'

/** Something waiting in a plugin node's queue. */
export type QueueItem =
  | { kind: 'plugin'; plugin: unknown; opts: unknown; registrar: ContextState }
  | { kind: 'after'; fn: ((...args: any[]) => unknown) | undefined; registrar: ContextState }
  /** Framework work that takes effect at its place in the load order (adding a hook). */
  | { kind: 'task'; run: () => void }

/**
 * One loaded (or loading) plugin. Its queue holds what its body registered; the queue is drained
 * after the body, in order, each plugin's own queue before the next item (so a plugin's children
 * load before its next sibling).
 */
export interface PluginNode {
  name: string
  parent: PluginNode | undefined
  children: PluginNode[]
  /** The context its body runs in (the registering context for a framework-plugin plugin). */
  state: ContextState
  /** False for a framework-plugin plugin. */
  encapsulated: boolean
  queue: QueueItem[]
  draining: Promise<void> | undefined
  failed: boolean
  error: unknown
  /** True while the body runs (its timeout is paused while it awaits its own children). */
  bodyRunning: boolean
  timer: { pause(): void; resume(): void } | undefined
  /** True once the body and the queue are done. */
  done: boolean
}

/** A fresh node. */
export function createPluginNode(
  name: string,
  parent: PluginNode | undefined,
  state: ContextState,
  encapsulated: boolean,
): PluginNode {
  const node: PluginNode = {
    name,
    parent,
    children: [],
    state,
    encapsulated,
    queue: [],
    draining: undefined,
    failed: false,
    error: undefined,
    bodyRunning: false,
    timer: undefined,
    done: false,
  }
  parent?.children.push(node)
  return node
}
