/**
 * The routes, one file per area. Each route carries its guard: the
 * permission of the `can` middleware, or the order loader of an order type.
 */
import '#start/routes/account'
import '#start/routes/master_data'
import '#start/routes/orders'
import '#start/routes/internal'
import '#start/routes/insitu'
import '#start/routes/lending'
import '#start/routes/monitoring'
import '#start/routes/reports'
import '#start/routes/simulation'
