/**
 * The order types by name, as `orders.type` stores them. Everything else about a type (its
 * workflow, code, pages, bill) is its entry in the registry, app/workflows/order_types.ts, which
 * has one entry per name here; models read the name alone.
 */
export type OrderType = 'internal' | 'insitu'
