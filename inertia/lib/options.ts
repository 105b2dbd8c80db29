/** Select options from records: value and label read from the given fields. */
export function optionsOf<T extends Record<string, unknown>>(
  items: T[],
  value: keyof T = 'id',
  label: keyof T = 'name'
): { value: string; label: string }[] {
  return items.map((item) => ({ value: String(item[value]), label: String(item[label]) }))
}
