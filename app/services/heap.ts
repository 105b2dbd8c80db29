import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: NodeJS.GCFunction | null = null

/**
 * A full garbage collection of this process's heap now, so that the pages a large piece of work
 * filled (an export's rows, read chunk by chunk) go back to the system: V8 keeps a heap it has
 * grown for as long as it sees fit, minutes or for good on a server that is seldom idle. Run
 * once after such work, never per request: it holds the thread for a moment (about 0.2 s on a
 * 2-core server with a million orders, measured once after an export).
 * V8's `gc` is made available the way test runners do (the flag, then a fresh context that has
 * it), so the server needs no `--expose-gc` however it is started.
 */
export function collectGarbage() {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as NodeJS.GCFunction
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
