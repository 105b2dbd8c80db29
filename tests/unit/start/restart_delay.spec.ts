import { test } from '@japa/runner'

/** bin/restart_delay.js: server.js's back-off for a worker that crashed. */
interface RestartDelay {
  HEALTHY_AFTER_MS: number
  nextRestart(crashesBefore: number, ranForMs: number): { crashes: number; delayMs: number }
}
const restartDelay = (): Promise<RestartDelay> =>
  import(new URL('../../../bin/restart_delay.js', import.meta.url).href)

test.group('Cluster | restart delay of a crashed worker', () => {
  test('1 s, then doubling while it keeps crashing, never more than 60 s', async ({ assert }) => {
    const { nextRestart } = await restartDelay()
    let crashes = 0
    const delays: number[] = []
    for (let i = 0; i < 10; i++) {
      const next = nextRestart(crashes, 500)
      crashes = next.crashes
      delays.push(next.delayMs)
    }
    assert.deepEqual(delays, [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000])
    assert.equal(crashes, 10)
  })

  test('a worker that ran for a minute starts the count again', async ({ assert }) => {
    const { nextRestart, HEALTHY_AFTER_MS } = await restartDelay()
    assert.deepEqual(nextRestart(7, HEALTHY_AFTER_MS), { crashes: 1, delayMs: 1000 })
    assert.deepEqual(nextRestart(7, 3_600_000), { crashes: 1, delayMs: 1000 })
    assert.deepEqual(nextRestart(7, HEALTHY_AFTER_MS - 1), { crashes: 8, delayMs: 60000 })
    assert.deepEqual(nextRestart(0, 0), { crashes: 1, delayMs: 1000 })
  })

  test('a long crash loop stays at 60 s (no overflow to Infinity or NaN)', async ({ assert }) => {
    const { nextRestart } = await restartDelay()
    assert.equal(nextRestart(5000, 10).delayMs, 60000)
  })
})
