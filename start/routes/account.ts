import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { homePathFor } from '#services/navigation'
import { guarded } from '#start/route_kit'

const SessionController = () => import('#controllers/account/session_controller')
const ProfileController = () => import('#controllers/account/profile_controller')
const PasswordController = () => import('#controllers/account/password_controller')
const PasswordLinkController = () => import('#controllers/account/password_link_controller')
const SearchController = () => import('#controllers/search_controller')
const TelegramController = () => import('#controllers/telegram_controller')
const NoticesController = () => import('#controllers/notices_controller')
const OutboxController = () => import('#controllers/outbox_controller')

/** Sign-in, sign-out, and what every signed-in user may open (spec part 1: Sign-in and account). */
router
  .get('/', async ({ auth, response }) =>
    response.redirect(auth.user ? homePathFor(auth.user) : '/login')
  )
  .as('home')

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('session.create')
    router.post('/auth/verify', [SessionController, 'store']).as('session.store')
  })
  .use(middleware.guest())

router.get('/auth/logout', [SessionController, 'destroy']).as('session.destroy')

// A set-password link an editor issued: whoever holds it may open it, signed in or not.
router.get('/password/set/:token', [PasswordLinkController, 'show']).as('password_link.show')
router.post('/password/set/:token', [PasswordLinkController, 'update']).as('password_link.update')

router
  .group(() => {
    router.get('/profile', [ProfileController, 'edit']).as('profile.edit')
    router.put('/profile', [ProfileController, 'update']).as('profile.update')
    router.get('/password', [PasswordController, 'edit']).as('password.edit')
    router.put('/password', [PasswordController, 'update']).as('password.update')
    // The top bar's search box (JSON): every signed-in user, within what they may see.
    router.get('/search', [SearchController, 'index']).as('search')
  })
  .use(middleware.auth())

/** Linking a Telegram chat (spec part 1 section 2, part 2: PUT /telegram/verify; not facilities). */
router
  .group(() => {
    router.get('/telegram/connect', [TelegramController, 'show']).as('telegram.connect')
    router.put('/telegram/verify', [TelegramController, 'verify']).as('telegram.verify')
    router.delete('/telegram/connect', [TelegramController, 'unlink']).as('telegram.unlink')
  })
  .use(guarded('messaging.connect'))

/** In-app notices (issue 17): every signed-in user, their own only. */
router
  .group(() => {
    router.get('/notifications', [NoticesController, 'index']).as('notices.index')
    router.get('/notifications/:id/open', [NoticesController, 'open']).as('notices.open')
    router.put('/notifications/read', [NoticesController, 'readAll']).as('notices.read_all')
  })
  .where('id', router.matchers.number())
  .use(middleware.auth())

/** Messages not delivered (yet), for the admins (issue 17). */
router
  .group(() => {
    router.get('/notifications/outbox', [OutboxController, 'index']).as('outbox.index')
    router
      .post('/notifications/outbox/:id/resend', [OutboxController, 'resend'])
      .as('outbox.resend')
  })
  .where('id', router.matchers.number())
  .use(guarded('notification.outbox'))
