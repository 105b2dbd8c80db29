// The back-off of server.js for a crashed worker: started again after 1 s, 2 s, 4 s ... at most
// 60 s; a worker that ran for a minute resets it. A crash loop writes a line a minute, not thousands.
export const RESTART_FIRST_DELAY_MS = 1000
export const RESTART_MAX_DELAY_MS = 60_000
export const HEALTHY_AFTER_MS = 60_000

/**
 * After a worker that ran `ranForMs` exited: the crashes in a row, this one included (given
 * those before it), and how long to wait before starting a new worker.
 */
export function nextRestart(crashesBefore, ranForMs) {
  const crashes = ranForMs >= HEALTHY_AFTER_MS ? 1 : crashesBefore + 1
  const delayMs = Math.min(RESTART_FIRST_DELAY_MS * 2 ** (crashes - 1), RESTART_MAX_DELAY_MS)
  return { crashes, delayMs }
}
