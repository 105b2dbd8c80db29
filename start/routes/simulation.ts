import router from '@adonisjs/core/services/router'

/** The public tariff simulation (linked from the login screen; no sign-in). */
router
  .get('/simulation', ({ inertia }) =>
    inertia.render('pending_module', { title: 'Simulasi Tarif' })
  )
  .as('simulation')
