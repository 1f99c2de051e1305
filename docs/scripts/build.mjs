// `vitepress build`, failing when it prints a warning: the site must build warning-free.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../node_modules/vitepress/bin/vitepress.js', import.meta.url))
const child = spawn(process.execPath, [cli, 'build'], { stdio: ['ignore', 'pipe', 'pipe'] })
let output = ''
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    output += chunk
    process.stdout.write(chunk)
  })
}
child.on('exit', (code) => {
  const warnings = output.split('\n').filter((line) => /\bwarn(ing)?\b|\(!\)/i.test(line))
  if (code === 0 && warnings.length > 0) {
    console.error(`\nThe site built with ${warnings.length} warning(s):\n${warnings.join('\n')}`)
    process.exitCode = 1
  } else {
    process.exitCode = code ?? 1
  }
})
