import router from '@adonisjs/core/services/router'
import { ORDER_TYPE_PARAM, guarded, listRoutes } from '#start/route_kit'
import { loanList } from '#queries/lending/loan_list'
import { stockList } from '#queries/lending/stock_list'

const LoansController = () => import('#controllers/lending/loans_controller')
const LoanApiController = () => import('#controllers/lending/loan_api_controller')
const StockController = () => import('#controllers/lending/stock_controller')

/**
 * Calibrator lending and stock monitoring (spec part 1). The menu's permission opens the
 * screens; borrowing, deciding and returning are the loan workflow's call
 * (app/workflows/loan_workflow.ts).
 */
router
  .get('/calibrator/stock', [StockController, 'index'])
  .as('calibrator.stock')
  .use(guarded('calibrator.view'))
listRoutes('calibrator.stock', stockList)

router
  .get('/calibrator/loan', [LoansController, 'index'])
  .as('calibrator.loan')
  .use(guarded('calibrator.view'))
listRoutes('calibrator.loan', loanList)
// Spec part 1: the list's print pages, with its filters: {current path}/print/order|transaction.
router
  .get('/calibrator/loan/print/:slip', [LoansController, 'printList'])
  .where('slip', /^(order|transaction)$/)
  .as('calibrator.loan.print_list')
  .use(guarded('calibrator.view'))

router
  .group(() => {
    router.get('/create', [LoansController, 'create']).as('create')
    router.post('/', [LoansController, 'store']).as('store')
  })
  .prefix('/calibrator/loan')
  .as('calibrator.loan')
  .use(guarded('loan.borrow'))

router
  .group(() => {
    router.get('/edit', [LoansController, 'edit']).as('edit')
    router.put('/', [LoansController, 'update']).as('update')
    router.get('/detail', [LoansController, 'detail']).as('detail')
    router.get('/confirm', [LoansController, 'confirmForm']).as('confirm.form')
    router.post('/confirm', [LoansController, 'confirm']).as('confirm')
    router.post('/return/batch', [LoansController, 'returnBatch']).as('return.batch')
    // Spec: the slips open at {current path}/print/order|transaction, from the list or the detail.
    router.get('/print/:slip', [LoansController, 'print']).as('print')
    router.get('/detail/print/:slip', [LoansController, 'print']).as('detail.print')
  })
  .prefix('/calibrator/loan/:id')
  .where('id', router.matchers.number())
  .as('calibrator.loan')
  .use(guarded('calibrator.view'))

router
  .group(() => {
    router.get('/calibrator/data/search/:serial_number', [LoanApiController, 'search']).as('search')
    router
      .post('/calibrator/loan/:id/return', [LoanApiController, 'returnOne'])
      .where('id', router.matchers.number())
      .as('return')
    router
      .get('/calibrator/loan/orders/:orderType', [LoanApiController, 'orders'])
      .where('orderType', ORDER_TYPE_PARAM)
      .as('orders')
  })
  .prefix('/api')
  .as('api.calibrator')
  .use(guarded('calibrator.view'))
