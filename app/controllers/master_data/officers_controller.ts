import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { configuredAppUrl } from '#config/app'
import { flashFieldErrors } from '#services/field_errors'
import User from '#models/user'
import { ROLE_LABELS, STAFF_ROLES } from '#enums/roles'
import { officerList } from '#queries/officers/officer_list'
import { actorOf } from '#services/audit'
import { accountRefusal, grantableRoles, touchesAccount } from '#services/role_grants'
import { assertManagesAccount } from '#policies/officer_accounts'
import { formatDateTime } from '#services/format'
import { createOfficer, updateOfficer } from '#actions/officers/save_officer'
import { OWN_ROLES_REFUSED, updateOfficerRoles } from '#actions/officers/update_officer_roles'
import { endOfficerSessions } from '#actions/officers/end_officer_sessions'
import { PASSWORD_LINK_HOURS, issuePasswordLink } from '#actions/password_links/password_links'
import { backToList, listPageProps, recordFormProps } from '#lists/list_responder'
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

/** The officer, when the signed-in editor may change its email, password and sessions; 403 otherwise. */
async function manageableOfficer(ctx: HttpContext) {
  const officer = await findOfficer(ctx.params.id)
  assertManagesAccount(ctx.auth.user!, officer)
  return officer
}

export default class OfficersController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('officers/index', {
      ...listPageProps(officerList, auth.user!, 'officer.edit'),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('officers/form', {
      register: recordFormProps(officerList, 'officer'),
      officer: null,
      account: null,
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createOfficerValidator, { meta: {} })
    const officer = await createOfficer(actorOf(ctx), input)
    // The edit page offers the set-password link the new officer needs, and the way to the roles.
    ctx.session.flash(
      'success',
      input.password
        ? `Petugas ${officer.name} berhasil ditambahkan. Atur perannya melalui tombol Atur Peran.`
        : `Petugas ${officer.name} berhasil ditambahkan. Buat tautan atur kata sandi untuknya, lalu atur perannya.`
    )
    return ctx.response.redirect().toRoute('officer.edit', { id: officer.id })
  }

  async edit({ inertia, params, auth }: HttpContext) {
    const officer = await findOfficer(params.id)
    const refusal = accountRefusal(auth.user!, officer)
    return inertia.render('officers/form', {
      register: recordFormProps(officerList, 'officer', officer),
      officer: {
        id: officer.id,
        name: officer.name,
        nip: officer.nip,
        rank: officer.rank,
        position: officer.position,
        email: officer.email,
      },
      // Email, set-password link and "end all sessions" only for an account the viewer may manage.
      account: { manageable: refusal === null, refusal, linkHours: PASSWORD_LINK_HOURS },
    })
  }

  async update(ctx: HttpContext) {
    const officer = await findOfficer(ctx.params.id)
    // Checked before validation: a refused takeover learns nothing from field errors.
    if (touchesAccount(officer, ctx.request.only(['email', 'password']))) {
      assertManagesAccount(ctx.auth.user!, officer)
    }
    const input = await ctx.request.validateUsing(updateOfficerValidator, {
      meta: { id: officer.id },
    })
    await updateOfficer(actorOf(ctx), officer, input)
    return backToList(ctx, officerList, `Data petugas ${officer.name} berhasil diperbarui.`)
  }

  /**
   * A one-time set-password link, answered as JSON so that the token reaches
   * only the editor's page (never a session or a flash message).
   */
  async passwordLink(ctx: HttpContext) {
    const officer = await manageableOfficer(ctx)
    const { token, expiresAt } = await issuePasswordLink(actorOf(ctx), officer)
    ctx.response.header('Cache-Control', 'no-store')
    return ctx.response.json({
      url: urlFor('password_link.show', { token }, { prefixUrl: publicOrigin(ctx) }),
      expiresAt: formatDateTime(expiresAt),
      hours: PASSWORD_LINK_HOURS,
    })
  }

  async endSessions(ctx: HttpContext) {
    const officer = await manageableOfficer(ctx)
    await endOfficerSessions(actorOf(ctx), officer)
    ctx.session.flash('success', `Semua sesi ${officer.name} telah diakhiri.`)
    return ctx.response.redirect().toRoute('officer.edit', { id: officer.id })
  }

  async editRoles({ inertia, params, auth }: HttpContext) {
    const officer = await findOfficer(params.id)
    const own = officer.id === auth.user!.id
    const grantable = own ? [] : grantableRoles(auth.user!.roles)
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
      locked: own ? OWN_ROLES_REFUSED : null,
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
      return ctx.response.redirect().toRoute('officer.role', { id: officer.id })
    }
    return backToList(ctx, officerList, `Peran ${officer.name} berhasil diperbarui.`)
  }
}

/** APP_URL when configured (the address officers use), otherwise the address the editor used. */
function publicOrigin({ request }: HttpContext) {
  if (configuredAppUrl) return configuredAppUrl.replace(/\/+$/, '')
  return `${request.protocol()}://${request.host()}`
}
