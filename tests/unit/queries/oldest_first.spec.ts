import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type Order from '#models/order'
import { oldestFirst } from '#queries/tasks/oldest_first'

/** An order as the reads give them: an id and when it reached its status (or never). */
const order = (id: number, status: string, at: string | null) =>
  ({ id, status, statusChangedAt: at ? DateTime.fromISO(at) : null }) as unknown as Order

test.group('My tasks | oldestFirst', () => {
  test('merges one read per status into the oldest first, ties by id, no age first', async ({
    assert,
  }) => {
    const rows: Record<string, Order[]> = {
      'ORDER DITERIMA': [
        order(4, 'ORDER DITERIMA', '2026-11-01'),
        order(9, 'ORDER DITERIMA', '2026-11-05'),
      ],
      'ALAT DITERIMA': [
        order(7, 'ALAT DITERIMA', null),
        order(3, 'ALAT DITERIMA', '2026-11-03'),
        order(8, 'ALAT DITERIMA', '2026-11-05'),
      ],
    }
    const asked: string[] = []
    const merged = await oldestFirst(
      ['ORDER DITERIMA', 'ALAT DITERIMA'],
      4,
      async (status) => {
        asked.push(status)
        return rows[status]
      },
      (row) => row.statusChangedAt
    )
    assert.deepEqual(asked, ['ORDER DITERIMA', 'ALAT DITERIMA'])
    assert.deepEqual(
      merged.map((row) => row.id),
      [7, 4, 3, 8]
    )
  })
})
