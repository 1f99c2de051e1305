// Layer 5, boot: ready, close and the onListen hooks. The entry for the layers above.
export { close, ready, runOnListen } from './boot.js'
