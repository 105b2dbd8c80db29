/**
 * Reading Prometheus text (what /metrics answers) in the tests: its samples, and the sum of
 * those of one name whose labels include the given ones. Not a spec file.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export function samples(text: string): Sample[] {
  const found: Sample[] = []
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) continue
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name] = value
    }
    found.push({ name: match[1], labels, value: Number(match[3]) })
  }
  return found
}

export function seriesOf(text: string, name: string, labels: Record<string, string> = {}) {
  return samples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value)
  )
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}) {
  return seriesOf(text, name, labels).reduce((sum, sample) => sum + sample.value, 0)
}
