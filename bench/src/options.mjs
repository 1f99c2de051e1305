// Command-line flags (and BENCH_* environment variables, which flags override).
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { scenarioIds } from './scenarios.mjs'
import { CONTROL, PROTOTYPES, TARGETS } from './targets.mjs'

const DEFAULT_JSON = fileURLToPath(new URL('../results/latest.json', import.meta.url))

/** name → [type, env variable, default, help] */
const SPEC = {
  duration: ['number', 'BENCH_DURATION', 3, 'seconds of timed load per measurement'],
  rounds: ['integer', 'BENCH_ROUNDS', 5, 'rounds over all scenarios and targets (median taken)'],
  connections: ['integer', 'BENCH_CONNECTIONS', 50, 'concurrent connections of autocannon'],
  pipelining: ['integer', 'BENCH_PIPELINING', 1, 'requests in flight per connection'],
  warmup: ['number', 'BENCH_WARMUP', 1, 'seconds of untimed load before each measurement'],
  only: [
    'list',
    'BENCH_ONLY',
    TARGETS.join(','),
    `targets to run (${TARGETS.join(',')}; also the prototype ${PROTOTYPES.join(',')})`,
  ],
  scenarios: ['list', 'BENCH_SCENARIOS', scenarioIds.join(','), 'scenarios to run (a-h)'],
  control: [
    'boolean',
    'BENCH_CONTROL',
    false,
    `also measure ${CONTROL}, a second process of the framework (an A/A control: the noise floor of every ratio)`,
  ],
  'plugin-line': [
    'string',
    'BENCH_PLUGIN_LINE',
    '4',
    "the plugins' release line the framework (and the control) register on (h): 4 (cors 9, helmet 11, rate-limit 9, jwt 8; compare with fastify4) or 5 (cors 11, helmet 13, rate-limit 11, jwt 10; compare with fastify5)",
  ],
  'fresh-servers': [
    'boolean',
    'BENCH_FRESH_SERVERS',
    false,
    'start every server anew, in a new shuffled order, for each round (a process that reads dearer than its twin then counts in one round, not in all)',
  ],
  'skip-startup': ['boolean', 'BENCH_SKIP_STARTUP', false, 'skip the start-up measurement'],
  'startup-runs': ['integer', 'BENCH_STARTUP_RUNS', 5, 'processes per target and route count'],
  scale: [
    'boolean',
    'BENCH_SCALE',
    false,
    'also measure the scale table (scale.mjs: 1,000/10,000 routes, 500/5,000 shared schemas; tens of minutes)',
  ],
  'scale-runs': [
    'integer',
    'BENCH_SCALE_RUNS',
    3,
    'processes per target and size of the scale table',
  ],
  'noise-threshold': [
    'number',
    'BENCH_NOISE_THRESHOLD',
    0.1,
    'other CPU use (in cores) above which a measurement is flagged noisy',
  ],
  'retry-noisy': ['count', 'BENCH_RETRY_NOISY', 0, 'times a noisy measurement is repeated'],
  pin: [
    'string',
    'BENCH_PIN',
    'auto',
    "'auto': the servers on the last core, the load generator on the others, while they are loaded (needs taskset and 2 cores); 'off': where the scheduler puts them",
  ],
  json: ['string', 'BENCH_JSON', DEFAULT_JSON, 'where to write the JSON results'],
  help: ['boolean', 'BENCH_HELP', false, 'print this help'],
}

/** Parses `argv` (without node and the script) into the options object, or throws. */
export function parseOptions(argv, env = process.env) {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: Object.fromEntries(
      Object.entries(SPEC).map(([k, [type]]) => [
        k,
        { type: type === 'boolean' ? 'boolean' : 'string' },
      ]),
    ),
  })
  const out = {}
  for (const [name, [type, envName, fallback]] of Object.entries(SPEC)) {
    out[camel(name)] = convert(name, type, values[name] ?? env[envName] ?? fallback)
  }
  for (const t of out.only) {
    if (!TARGETS.includes(t) && !PROTOTYPES.includes(t))
      throw new Error(
        `--only: unknown target '${t}' (use ${[...TARGETS, ...PROTOTYPES].join(', ')})`,
      )
  }
  for (const s of out.scenarios) {
    if (!scenarioIds.includes(s))
      throw new Error(`--scenarios: unknown scenario '${s}' (use a to h)`)
  }
  if (out.pluginLine !== '4' && out.pluginLine !== '5') {
    throw new Error(`--plugin-line: expected 4 or 5, got '${out.pluginLine}'`)
  }
  if (out.pin !== 'auto' && out.pin !== 'off') {
    throw new Error(`--pin: expected auto or off, got '${out.pin}'`)
  }
  out.json = resolve(out.json)
  return out
}

/** The --help text. */
export function usage() {
  const lines = Object.entries(SPEC).map(
    ([name, [type, env, fallback, help]]) =>
      `  --${name}${type === 'boolean' ? '' : ` <${type}>`}  ${help} (env ${env}, default ${fallback})`,
  )
  return `Usage: node bench/src/run.mjs [options]\n${lines.join('\n')}\n`
}

function convert(name, type, raw) {
  if (type === 'boolean') return raw === true || raw === '1' || raw === 'true'
  if (type === 'list') {
    return String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  }
  if (type === 'number' || type === 'integer' || type === 'count') {
    const n = Number(raw)
    const positive = type === 'count' ? n >= 0 : n > 0
    const ok = Number.isFinite(n) && positive && (type === 'number' || Number.isInteger(n))
    if (!ok)
      throw new Error(
        `--${name}: expected a ${type === 'count' ? 'whole number ≥ 0' : `positive ${type}`}, got '${raw}'`,
      )
    return n
  }
  return String(raw)
}

function camel(name) {
  return name.replace(/-(\w)/g, (_, c) => c.toUpperCase())
}
