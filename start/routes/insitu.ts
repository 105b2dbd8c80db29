import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { guarded, listRoutes } from '#start/route_kit'
import { insituOrderList } from '#queries/insitu/order_list'

const OrdersController = () => import('#controllers/insitu/orders_controller')
const StepsController = () => import('#controllers/insitu/steps_controller')
const LabPlansController = () => import('#controllers/insitu/lab_plans_controller')

/**
 * On-site orders (Insitu, DL, spec part 2): what only this type has. Who may take which step
 * is the workflow's call (app/workflows/insitu_order_workflow.ts); the routes ask for the list.
 * Device lines, worksheets, files and feedback are the shared `/:orderType/:id/...` routes.
 */
router.get('/insitu', [OrdersController, 'index']).as('insitu.index').use(guarded('insitu.view'))
listRoutes('insitu', insituOrderList)
router
  .group(() => {
    router.get('/insitu/create', [OrdersController, 'create']).as('insitu.create')
    router.post('/insitu', [OrdersController, 'store']).as('insitu.store')
  })
  .use(guarded('insitu.create'))

router
  .group(() => {
    router.get('/edit', [OrdersController, 'edit']).as('insitu.edit')
    router.put('/', [OrdersController, 'update']).as('insitu.update')
    router.get('/detail', [OrdersController, 'detail']).as('insitu.detail')
    router.get('/confirm', [StepsController, 'confirmForm']).as('insitu.confirm.form')
    router.post('/confirm', [StepsController, 'confirm']).as('insitu.confirm')
    router.get('/cancel', [StepsController, 'cancelForm']).as('insitu.cancel.form')
    router.post('/cancel', [StepsController, 'cancel']).as('insitu.cancel')
    router.get('/estimation', [LabPlansController, 'estimation']).as('insitu.estimation.form')
    router.put('/estimation', [LabPlansController, 'saveEstimation']).as('insitu.estimation')
    router
      .get('/accommodation', [LabPlansController, 'accommodation'])
      .as('insitu.accommodation.form')
    router
      .put('/accommodation', [LabPlansController, 'saveAccommodation'])
      .as('insitu.accommodation')
  })
  .prefix('/insitu/:id')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.order({ type: 'insitu' })])
