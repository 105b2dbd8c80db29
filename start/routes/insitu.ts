import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { guarded, listRoutes } from '#start/route_kit'
import { insituOrderList } from '#queries/insitu/order_list'

type Handler = Parameters<typeof router.get>[1]

const OrdersController = () => import('#controllers/insitu/orders_controller')
const StepsController = () => import('#controllers/insitu/steps_controller')
const OfferingController = () => import('#controllers/insitu/offering_controller')
const TeamsController = () => import('#controllers/insitu/teams_controller')
const LabPlansController = () => import('#controllers/insitu/lab_plans_controller')

/**
 * On-site orders (Insitu, DL, spec part 2): what only this type has. Who may take which step
 * is the workflow's call (app/workflows/insitu_order_workflow.ts); the routes ask for the list.
 * Device lines, worksheets, files and feedback are the shared `/:orderType/:id/...` routes.
 */
/** One route of the type, named `insitu.{name}`. */
const route = (method: 'get' | 'post' | 'put', path: string, handler: Handler, name: string) =>
  router[method](path, handler).as(`insitu.${name}`)

route('get', '/insitu', [OrdersController, 'index'], 'index').use(guarded('insitu.view'))
listRoutes('insitu', insituOrderList)
route('get', '/insitu/create', [OrdersController, 'create'], 'create').use(guarded('insitu.create'))
route('post', '/insitu', [OrdersController, 'store'], 'store').use(guarded('insitu.create'))

// One order's routes: the order is loaded (type, list permission, facility scope) first.
router
  .group(() => {
    route('get', '/edit', [OrdersController, 'edit'], 'edit')
    route('put', '/', [OrdersController, 'update'], 'update')
    route('get', '/detail', [OrdersController, 'detail'], 'detail')
    route('get', '/confirm', [StepsController, 'confirmForm'], 'confirm.form')
    route('post', '/confirm', [StepsController, 'confirm'], 'confirm')
    route('get', '/cancel', [StepsController, 'cancelForm'], 'cancel.form')
    route('post', '/cancel', [StepsController, 'cancel'], 'cancel')
    route('get', '/estimation', [LabPlansController, 'estimation'], 'estimation.form')
    route('put', '/estimation', [LabPlansController, 'saveEstimation'], 'estimation')
    route('get', '/accommodation', [LabPlansController, 'accommodation'], 'accommodation.form')
    route('put', '/accommodation', [LabPlansController, 'saveAccommodation'], 'accommodation')
    route('get', '/offering', [OfferingController, 'show'], 'offering')
    route('put', '/offering/send', [OfferingController, 'send'], 'offering.send')
    route('get', '/offering/signature', [OfferingController, 'signatureForm'], 'offering.sign_form')
    route('put', '/offering/signature', [OfferingController, 'sign'], 'offering.signature')
    route('get', '/offering/confirm', [OfferingController, 'contractForm'], 'offering.confirm_form')
    route('post', '/offering/confirm', [OfferingController, 'contract'], 'offering.confirm')
    route('get', '/officer', [TeamsController, 'edit'], 'officer.form')
    route('put', '/officer', [TeamsController, 'update'], 'officer')
    route('get', '/finalization', [OfferingController, 'finalizationForm'], 'finalization.form')
    route('post', '/finalization', [OfferingController, 'finalize'], 'finalization')
  })
  .prefix('/insitu/:id')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.order({ type: 'insitu' })])
