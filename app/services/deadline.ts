/**
 * The answer of `work`, or `onTimeout()`'s when it takes longer than `ms`: for what must answer
 * soon whatever the database or a store does (a health probe, a metrics scrape). The work itself
 * is not stopped; its later failure is handled, not left unhandled.
 */
export async function withinDeadline<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => T
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
