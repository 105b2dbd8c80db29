import { BaseTransformer } from '@adonisjs/core/transformers'

/** A row of the staff register (`officerList`, spec part 1: Data Master Petugas): a `users` row. */
export default class OfficerRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const { id, name, nip, rank, position, email } = this.resource
    return {
      id: Number(id),
      name: name as string,
      nip: nip as string | null,
      rank: rank as string | null,
      position: position as string | null,
      email: email as string,
    }
  }
}
