import { BaseTransformer } from '@adonisjs/core/transformers'

/** How much of a region's facilities were served: 0 red, below 50 yellow, below 80 blue. */
export type CoverageTone = 'red' | 'amber' | 'blue' | 'emerald'

/** A region's counts: one per facility category, the total, and the coverage. */
export type RegionCounts = {
  /** One count per category, in the order of `categories`. */
  reports: number[]
  total: number
  /** Facilities registered in the region, and how many of them were served. */
  registered: number
  served: number
  percentage: number
  tone: CoverageTone
}

/**
 * A row of the province and city tables (`/api/report/.../province|city`): the region (code
 * and name; none for the totals row) and its counts.
 */
export default class RegionRowTransformer extends BaseTransformer<{
  code: string | null
  name: string
  counts: RegionCounts
}> {
  /** The totals under the table: the counts alone. */
  forTotals() {
    const { reports, total, registered, served, percentage, tone } = this.resource.counts
    return { reports, total, registered, served, percentage, tone }
  }

  toObject() {
    return { code: this.resource.code, name: this.resource.name, ...this.forTotals() }
  }
}
