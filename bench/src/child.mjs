// Entry of a server child process: `node child.mjs <target>` (forked by the harness with IPC).
// Starts ./servers/<target>.mjs on 127.0.0.1, sends `{ port }` when listening (or `{ error }`
// and exits 1 when it cannot start), and answers `{ cmd: 'cpu' }` with process.cpuUsage() and
// the resident memory, so the harness can measure the server's own CPU time.

const target = process.argv[2]

process.on('message', (msg) => {
  if (msg?.cmd === 'cpu') {
    process.send({
      cmd: 'cpu',
      id: msg.id,
      usage: process.cpuUsage(),
      rss: process.memoryUsage.rss(),
    })
  } else if (msg?.cmd === 'exit') {
    process.exit(0)
  }
})
// the harness going away (even abruptly) ends the server
process.on('disconnect', () => process.exit(0))

try {
  const server = await import(`./servers/${target}.mjs`)
  const port = await server.listen()
  process.send({ port })
} catch (err) {
  const message = err instanceof Error ? err.message : String(err)
  process.send({ error: `${target} did not start: ${message}` }, () => process.exit(1))
}
