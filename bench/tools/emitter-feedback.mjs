// A BENCH_PRELOAD module (profile-server.mjs) that prints, when the server stops, what V8 has
// learnt at node's `EventEmitter.init`: every emitter's constructor runs it (sockets, requests,
// responses, the ESM loader's file handles, http's global agent...), and node's hot constructors
// (`OutgoingMessage`, the `IncomingMessage` made in `parserOnHeadersComplete`) inline it with its
// feedback. A slot MEGAMORPHIC there costs every request a stub-cache probe per property access.
// Needs `--allow-natives-syntax`:
//   BENCH_NODE_FLAGS=--allow-natives-syntax BENCH_PRELOAD=./bench/tools/emitter-feedback.mjs \
//     node bench/tools/scenario-instructions.mjs node-tuned e 300 300 | grep 'slot #'
// (V8 prints the feedback vector on stdout; the count printed with it is not a reading.)
import { EventEmitter } from 'node:events'

const debugPrint = new Function('f', '%DebugPrint(f)')
process.on('message', (message) => {
  if (message !== 'stop') return
  process._rawDebug('EventEmitter.init, its feedback slots:')
  debugPrint(EventEmitter.init)
})
