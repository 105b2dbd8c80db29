import { test } from '@japa/runner'
import { collectGarbage } from '#services/heap'

const MB = 1024 * 1024

test.group('Services | heap', () => {
  test('collectGarbage gives back the heap that garbage filled', ({ assert }) => {
    collectGarbage()
    const before = process.memoryUsage().heapTotal
    // Some 80 MB of small objects kept long enough to reach the old generation, then dropped.
    let kept: { n: number; text: string }[][] | null = []
    for (let i = 0; i < 400; i++)
      kept.push(Array.from({ length: 2_000 }, (_, n) => ({ n, text: `baris ${i}-${n}` })))
    const grown = process.memoryUsage().heapTotal
    assert.isAbove(grown - before, 40 * MB)
    kept = null
    collectGarbage()
    assert.isBelow(process.memoryUsage().heapTotal - before, 10 * MB)
  })
})
