import { useForm } from '@inertiajs/react'
import { Lock } from 'lucide-react'
import { FormPage } from '~/components/form/form_page'
import { Notice } from '~/components/ui/notice'

type RoleOption = {
  value: string
  label: string
  grantable: boolean
}

/**
 * Role editor: only the roles the viewer may grant can be ticked (spec part 1,
 * section 6); the others are shown locked. The server checks the same rule.
 */
export default function OfficerRoles({
  officer,
  roles,
  current,
  locked,
}: {
  officer: { id: number; name: string; nip: string | null; position: string | null }
  roles: RoleOption[]
  current: string[]
  /** Why nothing here can be changed (one's own roles), or null. */
  locked: string | null
}) {
  const form = useForm({ roles: current })
  const toggle = (role: string, checked: boolean) =>
    form.setData(
      'roles',
      checked ? [...form.data.roles, role] : form.data.roles.filter((r) => r !== role)
    )

  return (
    <FormPage
      title="Atur Peran Petugas"
      subtitle={`${officer.name}${officer.nip ? ` - NIP ${officer.nip}` : ''}`}
      backHref="/officer"
      onSubmit={() =>
        form.put(`/officer/${officer.id}/role`, {
          preserveScroll: true,
          // A refused change saved nothing: show the roles the officer still holds.
          onError: () => form.setData('roles', current),
        })
      }
      form={form}
    >
      {locked && <Notice className="md:col-span-2">{locked}</Notice>}
      <fieldset className="md:col-span-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          Centang peran yang dimiliki petugas. Peran bergembok tidak dapat Anda ubah.
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {roles.map((role) => {
            const checked = form.data.roles.includes(role.value)
            return (
              <label
                key={role.value}
                className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm ${role.grantable ? 'border-slate-300 dark:border-slate-700' : 'border-dashed border-slate-200 text-slate-400 dark:border-slate-800'}`}
              >
                <input
                  type="checkbox"
                  name="roles"
                  value={role.value}
                  checked={checked}
                  disabled={!role.grantable}
                  onChange={(e) => toggle(role.value, e.target.checked)}
                  className="size-4"
                />
                <span className="flex-1">{role.label}</span>
                {!role.grantable && <Lock className="size-3.5" aria-label="Tidak dapat diubah" />}
              </label>
            )
          })}
        </div>
        {form.errors.roles && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {form.errors.roles}
          </p>
        )}
      </fieldset>
    </FormPage>
  )
}
