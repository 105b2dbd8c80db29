import { test } from '@japa/runner'
import { oldestFirst, type OrderAge } from '#queries/tasks/oldest_first'

/** An order as the reads give them: an id and when it reached its status (or never), as stored. */
const order = (id: number, at: string | null): OrderAge => ({ id, status_changed_at: at })

test.group('My tasks | oldestFirst', () => {
  test('merges one read per status into the oldest first, ties by id, no age first', async ({
    assert,
  }) => {
    const rows: Record<string, OrderAge[]> = {
      'ORDER DITERIMA': [order(4, '2026-11-01 00:00:00'), order(9, '2026-11-05 00:00:00')],
      'ALAT DITERIMA': [
        order(7, null),
        order(3, '2026-11-03 00:00:00'),
        order(8, '2026-11-05 00:00:00'),
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
      'status_changed_at'
    )
    assert.deepEqual(asked, ['ORDER DITERIMA', 'ALAT DITERIMA'])
    assert.deepEqual(merged, [7, 4, 3, 8])
  })

  test('reads the moments as either database returns them (a Date on PostgreSQL)', async ({
    assert,
  }) => {
    const merged = await oldestFirst(
      ['A', 'B'],
      2,
      async (status) =>
        status === 'A'
          ? [{ id: 1, created_at: new Date('2026-11-05T00:00:00Z') }]
          : [{ id: 2, created_at: '2026-11-04 23:00:00' }],
      'created_at'
    )
    assert.deepEqual(merged, [2, 1])
  })
})
