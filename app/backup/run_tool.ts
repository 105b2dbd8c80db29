import { spawn } from 'node:child_process'

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) with `env`; resolves when it exits 0,
 * rejects with its last error lines otherwise.
 */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000)
    })
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)))
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}): ${errors.trim()}`))
    })
  })
}
