// Child of profile.mjs: starts one target's scenario server and prints its port; exits (so that
// `node --cpu-prof` writes the profile) on the IPC message 'stop'.
const target = process.argv[2] ?? 'framework'
const { listen } = await import(`../src/servers/${target}.mjs`)
const port = await listen()
process.on('message', (msg) => {
  if (msg === 'stop') process.exit(0)
})
process.send({ port })
