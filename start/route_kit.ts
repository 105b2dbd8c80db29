import router from '@adonisjs/core/services/router'
import { ORDER_TYPES } from '#workflows/order_types'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'
import type { Permission } from '#enums/permissions'
import type { ListDefinition } from '#lists/list_definition'
import type { BatchDefinition } from '#batch/batch_definition'
import type { RouteName } from '#services/route_names'
import { respondWithDatatable, respondWithExport } from '#lists/list_responder'

/**
 * Helpers the route files share. Every guarded route carries its permission
 * in its `can` middleware, where the role x route test reads it.
 */
export const guarded = (permission: Permission) => [middleware.auth(), middleware.can(permission)]

/** An `{orderType}` parameter: one of the registry's types. */
export const ORDER_TYPE_PARAM = new RegExp(`^(${ORDER_TYPES.join('|')})$`)

/** `{path}/datatable` and `{path}/print/pdf|excel` below the list's path, all served by it. */
export function listRoutes(name: string, list: ListDefinition<any, any>) {
  const prefix = list.path
  router
    .group(() => {
      router
        .get(`${prefix}/datatable`, (ctx: HttpContext) => respondWithDatatable(ctx, list))
        .as(`${name}.datatable`)
      router
        .get(`${prefix}/print/pdf`, (ctx: HttpContext) => respondWithExport(ctx, list, 'pdf'))
        .as(`${name}.print.pdf`)
      router
        .get(`${prefix}/print/excel`, (ctx: HttpContext) => respondWithExport(ctx, list, 'excel'))
        .as(`${name}.print.excel`)
    })
    .use(guarded(list.permission))
}

/** `{path}/batch/edit`, its format file and the upload, guarded by the list's edit permission. */
export function batchRoutes(name: string, path: string, batch: BatchDefinition) {
  const routes = { list: `${name}.index`, edit: `${name}.batch.edit` } as {
    list: RouteName
    edit: RouteName
  }
  const handle = (action: 'edit' | 'format' | 'update') => async (ctx: HttpContext) => {
    const { default: BatchController } = await import('#controllers/master_data/batch_controller')
    return new BatchController(batch, routes)[action](ctx)
  }
  router
    .group(() => {
      router.get(`${path}/batch/edit`, handle('edit')).as(`${name}.batch.edit`)
      router.get(`${path}/batch/edit/format`, handle('format')).as(`${name}.batch.format`)
      router.post(`${path}/batch/update`, handle('update')).as(`${name}.batch.update`)
    })
    .use(guarded(batch.permission))
}

/** The actions every master-data register's controller has. */
type RegisterController = () => Promise<{
  default: new (...args: any[]) => Record<'index' | 'create' | 'store' | 'edit' | 'update', any>
}>

/**
 * A master-data register (officers, facilities, device types, calibrators): its list page at
 * the list's path under the list's permission, the list's JSON and exports, the batch edit, and
 * create / store / edit / update under `edit`. `more` adds the register's own routes there.
 */
export function registerRoutes(register: {
  name: string
  controller: RegisterController
  list: ListDefinition<any, any>
  batch: BatchDefinition
  edit: Permission
  more?: () => void
}) {
  const { name, controller: Controller } = register
  const path = register.list.path
  router.get(path, [Controller, 'index']).as(`${name}.index`).use(guarded(register.list.permission))
  listRoutes(name, register.list)
  batchRoutes(name, path, register.batch)
  router
    .group(() => {
      router.get(`${path}/create`, [Controller, 'create']).as(`${name}.create`)
      router.post(`${path}/store`, [Controller, 'store']).as(`${name}.store`)
      router.get(`${path}/:id/edit`, [Controller, 'edit']).as(`${name}.edit`)
      router.put(`${path}/:id/update`, [Controller, 'update']).as(`${name}.update`)
      register.more?.()
    })
    .where('id', router.matchers.number())
    .use(guarded(register.edit))
}
