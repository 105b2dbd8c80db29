import type { HttpContext } from '@adonisjs/core/http'
import { flashFieldErrors } from '#services/field_errors'
import User from '#models/user'
import { ROLE_LABELS, STAFF_ROLES } from '#enums/roles'
import { officerList } from '#queries/officers/officer_list'
import { actorOf } from '#services/audit'
import { grantableRoles } from '#services/role_grants'
import { createOfficer, updateOfficer } from '#actions/officers/save_officer'
import { updateOfficerRoles } from '#actions/officers/update_officer_roles'
import {
  createOfficerValidator,
  officerRolesValidator,
  updateOfficerValidator,
} from '#validators/master_data'

async function findOfficer(id: string) {
  return User.query()
    .where('id', Number(id) || 0)
    .whereNull('fasyankes_id')
    .firstOrFail()
}

export default class OfficersController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('officers/index', {
      title: officerList.title,
      canEdit: auth.user!.can('officer.edit'),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('officers/form', { officer: null })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createOfficerValidator, { meta: {} })
    const officer = await createOfficer(actorOf(ctx), input)
    ctx.session.flash(
      'success',
      `Petugas ${officer.name} berhasil ditambahkan. Atur perannya di sini.`
    )
    return ctx.response.redirect(`/officer/${officer.id}/role`)
  }

  async edit({ inertia, params }: HttpContext) {
    const officer = await findOfficer(params.id)
    return inertia.render('officers/form', {
      officer: {
        id: officer.id,
        name: officer.name,
        nip: officer.nip,
        rank: officer.rank,
        position: officer.position,
        email: officer.email,
      },
    })
  }

  async update(ctx: HttpContext) {
    const officer = await findOfficer(ctx.params.id)
    const input = await ctx.request.validateUsing(updateOfficerValidator, {
      meta: { id: officer.id },
    })
    await updateOfficer(actorOf(ctx), officer, input)
    ctx.session.flash('success', `Data petugas ${officer.name} berhasil diperbarui.`)
    return ctx.response.redirect('/officer')
  }

  async editRoles({ inertia, params, auth }: HttpContext) {
    const officer = await findOfficer(params.id)
    const grantable = grantableRoles(auth.user!.roles)
    return inertia.render('officers/roles', {
      officer: { id: officer.id, name: officer.name, nip: officer.nip, position: officer.position },
      // Only roles the viewer may grant, plus the ones the officer already holds (shown locked).
      roles: STAFF_ROLES.filter(
        (role) => grantable.includes(role) || officer.roles.includes(role)
      ).map((role) => ({
        value: role,
        label: ROLE_LABELS[role],
        grantable: grantable.includes(role),
      })),
      current: officer.roles,
    })
  }

  async updateRoles(ctx: HttpContext) {
    const officer = await findOfficer(ctx.params.id)
    const { roles } = await ctx.request.validateUsing(officerRolesValidator)
    const result = await updateOfficerRoles(
      { ...actorOf(ctx), user: ctx.auth.user! },
      officer.id,
      roles
    )
    if (!result.ok) {
      // Spec part 1, section 5: role update errors appear as an error toast.
      ctx.session.flash('error', result.message)
      flashFieldErrors(ctx.session, { roles: result.message })
      return ctx.response.redirect(`/officer/${officer.id}/role`)
    }
    ctx.session.flash('success', `Peran ${officer.name} berhasil diperbarui.`)
    return ctx.response.redirect('/officer')
  }
}
