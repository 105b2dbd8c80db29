/**
 * The api client's session support (`loginAs`, `withSession`, `withCsrfToken`,
 * `response.session()`, `flashMessages()` and their assertions) on the store the
 * app is configured with, instead of the in-memory one @adonisjs/session's
 * plugin always uses. The suite thereby runs on the production default
 * (SESSION_DRIVER=database), and on Redis with SESSION_DRIVER=redis.
 *
 * Same lifecycle as @adonisjs/session's plugin: before each request the
 * client's values are written under a fresh session id sent as the cookie;
 * afterwards the session the response names is read back (from its guest cookie, or from the
 * store for a signed-in session) and deleted.
 * Unlike it, every store call is awaited (a database write is asynchronous).
 */
import '@adonisjs/session/plugins/api_client'
import { configProvider } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'
import { SessionClient } from '@adonisjs/session/client'
import type {
  ResolvedSessionConfig,
  SessionData,
  SessionStoreContract,
} from '@adonisjs/session/types'
import { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import type { PluginFn } from '@japa/runner/types'

const isEmpty = (values: SessionData) => Object.keys(values).length === 0

class StoreSessionClient extends SessionClient {
  #values: SessionData = {}
  #flash: SessionData = {}

  constructor(private store: SessionStoreContract) {
    super(store)
  }

  merge(values: SessionData) {
    Object.assign(this.#values, values)
    return this
  }

  flash(values: SessionData) {
    Object.assign(this.#flash, values)
    return this
  }

  async commit() {
    const data = isEmpty(this.#flash)
      ? { ...this.#values }
      : { ...this.#values, [this.flashKey]: { ...this.#flash } }
    if (!isEmpty(data)) await this.store.write(this.sessionId, data)
  }

  async destroy(sessionId?: string) {
    await this.store.destroy(sessionId || this.sessionId)
  }

  async load(sessionId?: string) {
    return this.split((await this.store.read(sessionId || this.sessionId)) ?? {})
  }

  /** A session's data as values and flash messages. */
  split(data: SessionData) {
    const { [this.flashKey]: flashMessages = {}, ...values } = data
    return { values, flashMessages }
  }
}

export function sessionStoreApiClient(app: ApplicationService): PluginFn {
  return async function () {
    const config = await configProvider.resolve<ResolvedSessionConfig>(
      app,
      app.config.get('session')
    )
    if (!config) throw new Error('config/session.ts does not use defineConfig')
    const makeStore = () => config.stores[config.store](null as any, config)

    ApiRequest.getter(
      'sessionClient',
      function () {
        return new StoreSessionClient(makeStore())
      },
      true
    )
    ApiRequest.macro('withSession', function (this: ApiRequest, data: SessionData) {
      this.sessionClient.merge(data)
      return this
    })
    ApiRequest.macro('withFlashMessages', function (this: ApiRequest, data: SessionData) {
      this.sessionClient.flash(data)
      return this
    })

    const pick = (values: any, key: string) =>
      key
        .split('.')
        .reduce(
          (value, part) => (value === null || value === undefined ? undefined : value[part]),
          values
        )

    ApiResponse.macro('session', function (this: ApiResponse, key?: string) {
      return key ? pick(this.sessionBag.values, key) : this.sessionBag.values
    })
    ApiResponse.macro('flashMessages', function (this: ApiResponse) {
      return this.sessionBag.flashMessages
    })
    ApiResponse.macro('flashMessage', function (this: ApiResponse, key: string) {
      return pick(this.sessionBag.flashMessages, key)
    })
    ApiResponse.macro('assertSession', function (this: ApiResponse, key: string, value?: any) {
      this.assert!.property(this.session(), key)
      if (value !== undefined) this.assert!.deepEqual(this.session(key), value)
    })
    ApiResponse.macro('assertSessionMissing', function (this: ApiResponse, key: string) {
      this.assert!.notProperty(this.session(), key)
    })
    ApiResponse.macro('assertFlashMessage', function (this: ApiResponse, key: string, value?: any) {
      this.assert!.property(this.flashMessages(), key)
      if (value !== undefined) this.assert!.deepEqual(this.flashMessage(key), value)
    })
    ApiResponse.macro('assertFlashMissing', function (this: ApiResponse, key: string) {
      this.assert!.notProperty(this.flashMessages(), key)
    })
    ApiResponse.macro('assertHasValidationError', function (this: ApiResponse, field: string) {
      this.assert!.property(this.flashMessage('errors'), field)
    })
    ApiResponse.macro(
      'assertDoesNotHaveValidationError',
      function (this: ApiResponse, field: string) {
        this.assert!.notProperty(this.flashMessage('errors'), field)
      }
    )
    ApiResponse.macro(
      'assertValidationError',
      function (this: ApiResponse, field: string, message: string) {
        this.assert!.include((this.flashMessage('errors') as any)?.[field] || [], message)
      }
    )
    ApiResponse.macro(
      'assertValidationErrors',
      function (this: ApiResponse, field: string, messages: string[]) {
        this.assert!.deepEqual((this.flashMessage('errors') as any)?.[field] || [], messages)
      }
    )

    ApiClient.onRequest((request) => {
      request.setup(async () => {
        request.withCookie(config.cookieName, request.sessionClient.sessionId)
        await request.sessionClient.commit()
        return async (error: unknown) => {
          if (error) await request.sessionClient.destroy()
        }
      })
      request.teardown(async (response) => {
        const sessionId = response.cookie(config.cookieName)
        // A guest's session travels in a cookie of its own, named by its id.
        const guest = sessionId ? response.cookie(sessionId.value)?.value : undefined
        response.sessionBag = guest
          ? (request.sessionClient as StoreSessionClient).split(guest)
          : sessionId
            ? await request.sessionClient.load(sessionId.value)
            : { values: {}, flashMessages: {} }
        await request.sessionClient.destroy(sessionId?.value)
      })
    })
  }
}
