// The A/A control target (`--control`): the framework's scenario server, started in a process of
// its own and measured as if it were another framework. See CONTROL in ../targets.mjs.
export { createApp, listen, listenH2c, listenService } from './framework.mjs'
