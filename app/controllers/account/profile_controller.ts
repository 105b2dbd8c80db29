import type { HttpContext } from '@adonisjs/core/http'
import { signedInActor } from '#services/audit'
import { facilityProfileValidator, staffProfileValidator } from '#validators/profile'
import {
  facilityProfileValues,
  updateFacilityProfile,
  updateStaffProfile,
} from '#actions/account/update_profile'
import { facilityFormOptions } from '#queries/regions/facility_form_options'
import Fasyankes from '#models/fasyankes'

export default class ProfileController {
  async edit({ auth, inertia }: HttpContext) {
    const user = auth.user!
    if (!user.isFacility) {
      return inertia.render('account/profile', {
        staff: {
          name: user.name,
          nip: user.nip,
          rank: user.rank,
          position: user.position,
          email: user.email,
        },
        facility: null,
        options: null,
      })
    }
    const facility = await Fasyankes.findOrFail(user.fasyankesId)
    return inertia.render('account/profile', {
      staff: null,
      facility: facilityProfileValues(facility, user.email),
      options: await facilityFormOptions(),
    })
  }

  async update(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.user!
    const actor = signedInActor(ctx)
    if (user.isFacility) {
      await updateFacilityProfile(
        actor,
        await request.validateUsing(facilityProfileValidator, { meta: { userId: user.id } })
      )
    } else {
      await updateStaffProfile(
        actor,
        await request.validateUsing(staffProfileValidator, { meta: { userId: user.id } })
      )
    }
    session.flash('success', 'Profil berhasil diperbarui.')
    return response.redirect().toRoute('profile.edit')
  }
}
