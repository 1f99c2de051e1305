// Child of profile.mjs: starts one target's scenario server (`service`: its app of scenario h)
// and prints its port; exits (so that `node --cpu-prof` writes the profile) on the IPC message
// 'stop'.
const target = process.argv[2] ?? 'framework'
const service = process.argv[3] === 'service'
const server = await import(`../src/servers/${target}.mjs`)
// scenario (h) is served by the target's second app
const port = await (service ? server.listenService() : server.listen())
process.on('message', (msg) => {
  if (msg === 'stop') process.exit(0)
})
process.send({ port })
