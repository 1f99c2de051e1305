// A client that keeps writing its request body whatever the server answers meanwhile, run in a
// worker thread (its own event loop, as a client in another process has): the timing between the
// server's answer, its close and the client's reads is then the one a real client sees.
//
// workerData: { port, head, total, chunked, iterations, deadline, warmup? }. Posts one array: for
// each exchange { response (latin1), written (body bytes handed to the socket), ending }.
//
// With `warmup` (a request), each exchange first sends it on its connection and reads its whole
// response, then posts 'ready' and waits for the message 'go' before sending `head` on the same
// (kept-alive) connection; `response` is then what came after the warmup response.
import { connect } from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * Sends `head`, then `total` bytes of body (raw, or as 64 KiB chunks of a chunked body) as fast as
 * the socket takes them, reading all along. It stops writing only when the connection ends:
 * 'end' (the server's FIN, after which the client closes as Node's clients do), 'reset'
 * (ECONNRESET or EPIPE) or 'open' (still open at the deadline).
 */
function exchange({ port, head, total, chunked, deadline, warmup }) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = []
    let written = 0
    let settled = false
    const settle = (ending) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ response: Buffer.concat(received).toString('latin1'), written, ending })
    }
    const timer = setTimeout(() => settle('open'), deadline)
    socket.on('data', (chunk) => {
      received.push(chunk)
      if (warmingUp && wholeResponse(Buffer.concat(received))) {
        warmingUp = false
        received = []
        parentPort.once('message', () => {
          socket.write(head)
          pump()
        })
        parentPort.postMessage('ready')
      }
    })
    socket.on('end', () => settle('end'))
    socket.on('close', () => settle('end'))
    socket.on('error', (error) => {
      settle(
        error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : `error ${error.code}`,
      )
    })
    const piece = Buffer.alloc(64 * 1024, 'x')
    const framed = chunked
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece
    const pump = () => {
      while (!settled && socket.writable && written < total) {
        written += piece.length
        if (!socket.write(framed)) {
          socket.once('drain', pump)
          return
        }
      }
      if (!settled && socket.writable && chunked) socket.write('0\r\n\r\n')
    }
    let warmingUp = warmup !== undefined
    socket.on('connect', () => {
      if (warmingUp) {
        socket.write(warmup)
        return
      }
      socket.write(head)
      pump()
    })
  })
}

/** True when `bytes` hold a whole response with a content-length. */
function wholeResponse(bytes) {
  const text = bytes.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return false
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0)
  return bytes.length >= end + 4 + length
}

const results = []
for (let i = 0; i < workerData.iterations; i++) results.push(await exchange(workerData))
parentPort.postMessage(results)
