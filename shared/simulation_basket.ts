/**
 * The public simulation's basket arithmetic and search: pure, no imports, so the page
 * (inertia/pages/simulation) imports it as it is and the unit tests check it on its own.
 * Tariffs are whole rupiah and quantities whole numbers up to MAX_QUANTITY, so every
 * product and sum stays an exact integer (far below Number.MAX_SAFE_INTEGER).
 */

/** The most units of one device type a simulation takes. */
export const MAX_QUANTITY = 999

/** A device type with its tariff in whole rupiah. */
export type PricedItem = { id: number; name: string; price: number }

/** Chosen quantities by device type id; a type not in it has quantity 0. */
export type Quantities = Readonly<Record<number, number>>

export type BasketLine<T extends PricedItem = PricedItem> = {
  item: T
  quantity: number
  /** price x quantity, whole rupiah. */
  total: number
}

/** A group of items (a lab's tab) with what the basket holds of it. */
export type BasketGroup<T extends PricedItem = PricedItem> = {
  key: string
  lines: BasketLine<T>[]
  /** Units chosen in the group. */
  quantity: number
  subtotal: number
}

/** A whole number between 0 and MAX_QUANTITY; anything not a finite number is 0. */
export function clampQuantity(value: number) {
  if (!Number.isFinite(value) || value <= 0) return 0
  return Math.min(Math.trunc(value), MAX_QUANTITY)
}

/**
 * What a typed quantity means: non-numeric (or empty) is 0, negative is 0, a fraction is cut
 * to its whole part, above MAX_QUANTITY is MAX_QUANTITY (`capped` says so, for the message).
 */
export function parseQuantity(raw: string): { quantity: number; capped: boolean } {
  const text = raw.trim()
  const value = text === '' ? 0 : Number(text)
  const quantity = clampQuantity(value)
  return { quantity, capped: Number.isFinite(value) && Math.trunc(value) > MAX_QUANTITY }
}

/** The basket with one type's quantity set (clamped); a quantity of 0 drops the type. */
export function withQuantity(quantities: Quantities, id: number, quantity: number): Quantities {
  const next: Record<number, number> = { ...quantities }
  const clamped = clampQuantity(quantity)
  if (clamped === 0) delete next[id]
  else next[id] = clamped
  return next
}

/** The chosen quantity of one type (0 when not chosen). */
export function quantityOf(quantities: Quantities, id: number) {
  return clampQuantity(quantities[id] ?? 0)
}

/** price x quantity in whole rupiah (a tariff with a fraction is rounded first). */
export function lineTotal(price: number, quantity: number) {
  return Math.round(price) * clampQuantity(quantity)
}

/** The chosen lines of a list (quantity above 0), in the list's order. */
export function basketLines<T extends PricedItem>(items: T[], quantities: Quantities) {
  const lines: BasketLine<T>[] = []
  for (const item of items) {
    const quantity = quantityOf(quantities, item.id)
    if (quantity > 0) lines.push({ item, quantity, total: lineTotal(item.price, quantity) })
  }
  return lines
}

/** One group's lines, units and subtotal. */
export function basketGroup<T extends PricedItem>(
  key: string,
  items: T[],
  quantities: Quantities
): BasketGroup<T> {
  const lines = basketLines(items, quantities)
  return {
    key,
    lines,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.total, 0),
  }
}

/** Every group's subtotal and the grand total across all of them. */
export function basketSummary<T extends PricedItem>(
  groups: { key: string; items: T[] }[],
  quantities: Quantities
) {
  const summaries = groups.map((group) => basketGroup(group.key, group.items, quantities))
  return {
    groups: summaries,
    quantity: summaries.reduce((sum, group) => sum + group.quantity, 0),
    total: summaries.reduce((sum, group) => sum + group.subtotal, 0),
  }
}

/** The words of a search, lower-cased; blank words dropped. */
function words(text: string) {
  return text.toLocaleLowerCase('id').split(/\s+/).filter(Boolean)
}

/**
 * The simulation page's search: the items whose name holds every word of the search, case-insensitive and in any order
 * ("sinar gigi" finds "Pesawat Sinar-X Gigi Intraoral"). A blank search keeps every item.
 */
export function filterByName<T extends { name: string }>(items: T[], search: string) {
  const wanted = words(search)
  if (wanted.length === 0) return items
  return items.filter((item) => {
    const name = item.name.toLocaleLowerCase('id')
    return wanted.every((word) => name.includes(word))
  })
}
