import router from '@adonisjs/core/services/router'

const SimulationController = () => import('#controllers/simulation_controller')

/**
 * The public tariff simulation (linked from the login screen as "Simulasi Tarif"): no
 * sign-in, and it opens the same for a signed-in user. It only shows public tariffs.
 */
router.get('/simulation', [SimulationController, 'index']).as('simulation')
