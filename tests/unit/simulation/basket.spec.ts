import { test } from '@japa/runner'

import {
  MAX_QUANTITY,
  basketGroup,
  basketLines,
  basketSummary,
  clampQuantity,
  filterByName,
  lineTotal,
  parseQuantity,
  quantityOf,
  withQuantity,
  type PricedItem,
} from '#shared/simulation_basket'

const PK = [
  { id: 1, name: 'Patient Monitor', price: 600_000 },
  { id: 2, name: 'Pulse Oximeter', price: 150_000 },
  { id: 3, name: 'Audiometer', price: 500_000 },
]
const UKPR = [
  { id: 10, name: 'CT Scan', price: 7_500_000 },
  { id: 11, name: 'Pesawat Sinar-X Gigi Intraoral', price: 1_250_000 },
]
const SARPRAS = [{ id: 20, name: 'Alat Pemadam Api Ringan (APAR)', price: 50_000 }]

/** Issue 14.4: the simulation's quantities and totals, against sums worked by hand. */
test.group('Simulation basket | quantities', () => {
  test('typed "{raw}" counts as {quantity}')
    .with([
      { raw: '2', quantity: 2, capped: false },
      { raw: ' 7 ', quantity: 7, capped: false },
      { raw: '0', quantity: 0, capped: false },
      { raw: '', quantity: 0, capped: false },
      { raw: '-5', quantity: 0, capped: false },
      { raw: '-', quantity: 0, capped: false },
      { raw: 'abc', quantity: 0, capped: false },
      { raw: '3x', quantity: 0, capped: false },
      { raw: '2.7', quantity: 2, capped: false },
      { raw: '999', quantity: 999, capped: false },
      { raw: '1000', quantity: MAX_QUANTITY, capped: true },
      { raw: '1e3', quantity: MAX_QUANTITY, capped: true },
      { raw: 'Infinity', quantity: 0, capped: false },
    ])
    .run(({ assert }, { raw, quantity, capped }) => {
      assert.deepEqual(parseQuantity(raw), { quantity, capped })
    })

  test('clamping keeps whole numbers between 0 and the maximum', ({ assert }) => {
    assert.equal(clampQuantity(-1), 0)
    assert.equal(clampQuantity(Number.NaN), 0)
    assert.equal(clampQuantity(4.9), 4)
    assert.equal(clampQuantity(MAX_QUANTITY + 1), MAX_QUANTITY)
    assert.equal(MAX_QUANTITY, 999)
  })

  test('setting a quantity: 0 (or below) removes the type, the rest is clamped, the old basket is untouched', ({
    assert,
  }) => {
    const empty = {}
    const one = withQuantity(empty, 1, 2)
    assert.deepEqual(one, { 1: 2 })
    assert.deepEqual(empty, {})
    assert.deepEqual(withQuantity(one, 10, 5000), { 1: 2, 10: 999 })
    assert.deepEqual(withQuantity(one, 1, 0), {})
    assert.deepEqual(withQuantity(one, 1, -3), {})
    assert.equal(quantityOf(one, 1), 2)
    assert.equal(quantityOf(one, 99), 0)
  })
})

test.group('Simulation basket | totals', () => {
  test('a line is price x quantity in whole rupiah', ({ assert }) => {
    assert.equal(lineTotal(600_000, 2), 1_200_000)
    assert.equal(lineTotal(7_500_000, 3), 22_500_000)
    assert.equal(lineTotal(600_000, 0), 0)
    assert.equal(lineTotal(600_000, -2), 0)
    assert.equal(lineTotal(15_000_000, 1500), 15_000_000 * 999)
  })

  test('only chosen types make lines, in the list order', ({ assert }) => {
    const lines = basketLines(PK, { 3: 1, 1: 2, 10: 4 })
    assert.deepEqual(
      lines.map((line) => [line.item.name, line.quantity, line.total]),
      [
        ['Patient Monitor', 2, 1_200_000],
        ['Audiometer', 1, 500_000],
      ]
    )
    const group = basketGroup('pk', PK, { 3: 1, 1: 2 })
    assert.equal(group.quantity, 3)
    assert.equal(group.subtotal, 1_700_000)
  })

  test('the grand total adds every lab, each lab keeps its own subtotal', ({ assert }) => {
    const summary = basketSummary(
      [
        { key: 'pk', items: PK },
        { key: 'ukpr', items: UKPR },
        { key: 'sarpras', items: SARPRAS },
      ],
      { 1: 2, 2: 1, 10: 3, 20: 7 }
    )
    assert.deepEqual(
      summary.groups.map((group) => [group.key, group.quantity, group.subtotal]),
      [
        ['pk', 3, 1_350_000],
        ['ukpr', 3, 22_500_000],
        ['sarpras', 7, 350_000],
      ]
    )
    assert.equal(summary.quantity, 13)
    assert.equal(summary.total, 1_350_000 + 22_500_000 + 350_000)
    assert.isTrue(Number.isInteger(summary.total))
  })

  test('an empty basket totals 0', ({ assert }) => {
    const summary = basketSummary([{ key: 'pk', items: PK }], {})
    assert.equal(summary.total, 0)
    assert.equal(summary.quantity, 0)
    assert.deepEqual(summary.groups[0].lines, [])
  })

  test('prices that are not exact in binary fractions still total exactly (integers only)', ({
    assert,
  }) => {
    const items = [
      { id: 1, name: 'A', price: 100_001 },
      { id: 2, name: 'B', price: 33_333 },
    ]
    const summary = basketSummary([{ key: 'pk', items }], { 1: 999, 2: 999 })
    assert.equal(summary.total, 133_334 * 999)
  })
})

test.group('Simulation | search by name', () => {
  test('case-insensitive, every word must appear, any order; blank keeps all', ({ assert }) => {
    const names = (items: PricedItem[]) => items.map((item) => item.name)
    assert.deepEqual(names(filterByName(PK, 'pulse')), ['Pulse Oximeter'])
    assert.deepEqual(names(filterByName(PK, 'MONITOR')), ['Patient Monitor'])
    assert.deepEqual(names(filterByName(UKPR, 'gigi sinar')), ['Pesawat Sinar-X Gigi Intraoral'])
    assert.deepEqual(names(filterByName(PK, 'zzz')), [])
    assert.deepEqual(names(filterByName(PK, '   ')), names(PK))
  })
})
