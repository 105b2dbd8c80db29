import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * One line of the spec's top and lowest lists (`/api/report/.../top|lowest`): a facility or a
 * device type, and its count of services.
 */
export default class RankingTransformer extends BaseTransformer<{
  id: number
  name: string
  count: number
}> {
  toObject() {
    const { id, name, count } = this.resource
    return { id: Number(id), name, count: Number(count) }
  }
}
