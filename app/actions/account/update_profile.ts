import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import User from '#models/user'
import Fasyankes from '#models/fasyankes'
import { audit, changes, type Actor } from '#services/audit'
import type { facilityProfileValidator, staffProfileValidator } from '#validators/profile'
import { fasyankesAttributes, fasyankesFormValues } from '#actions/fasyankes/save_fasyankes'
import { findLocked } from '#services/row_locks'

type StaffProfile = Infer<typeof staffProfileValidator>
type FacilityProfile = Infer<typeof facilityProfileValidator>

export async function updateStaffProfile(actor: Actor & { user: User }, input: StaffProfile) {
  await db.transaction(async (trx) => {
    const user = await findLocked(User, actor.user.id, trx)
    const after = {
      name: input.name,
      nip: input.nip ?? null,
      rank: input.rank ?? null,
      position: input.position ?? null,
    }
    const diff = changes(
      { name: user.name, nip: user.nip, rank: user.rank, position: user.position },
      after
    )
    if (!diff.changed) return
    await user.merge(after).save()
    await audit(
      actor,
      { action: 'profile.update', subjectType: 'user', subjectId: user.id, ...diff },
      trx
    )
  })
}

/** A facility in the profile form's field names: what the form shows and what the audit compares. */
export function facilityProfileValues(facility: Fasyankes, email: string) {
  // The master-data form's values, less the map position, under the profile form's names.
  const {
    fasyankes_name: name,
    pic: picName,
    latitude,
    longitude,
    ...rest
  } = fasyankesFormValues(facility, email)
  return { name, ...rest, pic_name: picName, email }
}

/** A facility account edits its facility record and its login email together. */
export async function updateFacilityProfile(actor: Actor & { user: User }, input: FacilityProfile) {
  await db.transaction(async (trx) => {
    const user = await findLocked(User, actor.user.id, trx)
    const facility = await findLocked(Fasyankes, user.fasyankesId!, trx)
    const diff = changes(facilityProfileValues(facility, user.email), input)
    if (!diff.changed) return
    await facility
      .merge(fasyankesAttributes({ ...input, fasyankes_name: input.name, pic: input.pic_name }))
      .save()
    await user.merge({ email: input.email, name: input.name }).save()
    await audit(
      actor,
      { action: 'profile.update', subjectType: 'fasyankes', subjectId: facility.id, ...diff },
      trx
    )
  })
}
