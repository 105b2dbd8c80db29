import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import type { ConfigProvider } from '@adonisjs/core/types'
import { stores } from '@adonisjs/session'
import type {
  SessionData,
  SessionStoreContract,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

const TOUCH_EVERY_MS = 60_000
const MAX_TOUCHED = 10_000
/** When this worker last extended each session. */
const touchedAt = new Map<string, number>()

/**
 * The session stores of @adonisjs/session write with an upsert. A request
 * that read a signed-in session before it was ended (logout, password change,
 * "end all sessions") would then write it back when it finishes, and the
 * ended session would live on. These stores remember which sessions the
 * request read and only update those if they still exist; new sessions are
 * written as before. One store object serves one request.
 */
abstract class EndedSessionsStayEnded implements SessionStoreWithTaggingContract {
  #read = new Set<string>()

  constructor(
    protected inner: SessionStoreWithTaggingContract,
    protected ttlSeconds: number
  ) {}

  /** Writes the data only if the session is still stored; never creates it. */
  protected abstract update(sessionId: string, message: string): Promise<void>

  async read(sessionId: string) {
    const data = await this.inner.read(sessionId)
    if (data) this.#read.add(sessionId)
    return data
  }

  async write(sessionId: string, values: SessionData) {
    if (!this.#read.has(sessionId)) return this.inner.write(sessionId, values)
    // The same signed message the inner store reads back (bound to the session id).
    return this.update(sessionId, new MessageBuilder().build(values, undefined, sessionId))
  }

  async destroy(sessionId: string) {
    this.#read.delete(sessionId)
    touchedAt.delete(sessionId)
    return this.inner.destroy(sessionId)
  }

  /**
   * Extends the session's life, at most once a minute per session and worker: a signed-in
   * reader would otherwise write to the database on every request (on SQLite, one write lock
   * and one fsync each), and an 8-hour session extended a minute late loses nothing.
   */
  async touch(sessionId: string) {
    const now = Date.now()
    if (now - (touchedAt.get(sessionId) ?? 0) < TOUCH_EVERY_MS) return
    if (touchedAt.size >= MAX_TOUCHED) touchedAt.clear()
    touchedAt.set(sessionId, now)
    return this.inner.touch(sessionId)
  }

  async tag(sessionId: string, userId: string | number) {
    return this.inner.tag(sessionId, userId)
  }

  async untag(sessionId: string, userId: string | number) {
    return this.inner.untag(sessionId, userId)
  }

  async tagged(userId: string | number) {
    return this.inner.tagged(userId)
  }
}

const TABLE = 'sessions'

class DatabaseSessionStore extends EndedSessionsStayEnded {
  constructor(
    inner: SessionStoreWithTaggingContract,
    ttlSeconds: number,
    private client: { from(table: string): any }
  ) {
    super(inner, ttlSeconds)
  }

  protected async update(sessionId: string, message: string) {
    await this.client
      .from(TABLE)
      .where('id', sessionId)
      .update({ data: message, expires_at: new Date(Date.now() + this.ttlSeconds * 1000) })
  }
}

class RedisSessionStore extends EndedSessionsStayEnded {
  constructor(
    inner: SessionStoreWithTaggingContract,
    ttlSeconds: number,
    private connection: { set(...args: any[]): Promise<unknown> }
  ) {
    super(inner, ttlSeconds)
  }

  protected async update(sessionId: string, message: string) {
    // XX: only when the key still exists.
    await this.connection.set(sessionId, message, 'EX', this.ttlSeconds, 'XX')
  }
}

/** The session key the `web` guard keeps the signed-in user's id under. */
const SIGNED_IN_KEY = 'auth_web'
/** Guest data larger than this (a form's input kept after an error) is kept on the server. */
const MAX_COOKIE_DATA = 3000

/**
 * A visitor who has not signed in keeps their session (the CSRF secret, a flash message) in an
 * encrypted cookie; a signed-in session lives on the server, so it can be ended (issue 34:
 * every cookie-less request wrote a session row, 51,375 from load runs alone, a quarter of
 * `/login`'s CPU and a write-lock turn on SQLite). Signing in writes the session to the server
 * under its new id and clears the guest cookie; signing out removes the server row.
 */
class GuestsInCookie implements SessionStoreWithTaggingContract {
  #onServer = false

  constructor(
    private server: SessionStoreWithTaggingContract,
    /** None outside a request (a test writing a signed-in session): the server only. */
    private cookie: SessionStoreContract | null
  ) {}

  async read(sessionId: string) {
    const guest = await this.cookie?.read(sessionId)
    if (guest) return guest
    const data = await this.server.read(sessionId)
    if (data) this.#onServer = true
    return data
  }

  async write(sessionId: string, values: SessionData) {
    const signedIn = values[SIGNED_IN_KEY] !== undefined
    if (!this.cookie || signedIn || JSON.stringify(values).length > MAX_COOKIE_DATA) {
      await this.cookie?.destroy(sessionId)
      this.#onServer = true
      return this.server.write(sessionId, values)
    }
    if (this.#onServer) {
      this.#onServer = false
      await this.server.destroy(sessionId)
    }
    return this.cookie.write(sessionId, values)
  }

  async destroy(sessionId: string) {
    await this.cookie?.destroy(sessionId)
    return this.server.destroy(sessionId)
  }

  async touch(sessionId: string) {
    return this.#onServer || !this.cookie
      ? this.server.touch(sessionId)
      : this.cookie.touch(sessionId)
  }

  async tag(sessionId: string, userId: string | number) {
    return this.server.tag(sessionId, userId)
  }

  async untag(sessionId: string, userId: string | number) {
    return this.server.untag(sessionId, userId)
  }

  async tagged(userId: string | number) {
    return this.server.tagged(userId)
  }
}

/** Sessions in the `sessions` table of the app's database (the default); guests in a cookie. */
export function databaseSessions(): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const inner = await stores.database({ tableName: TABLE }).resolver(app)
    const cookie = await stores.cookie().resolver(app)
    const db = await app.container.make('lucid.db')
    return (ctx, config) =>
      new GuestsInCookie(
        new DatabaseSessionStore(
          inner(ctx, config) as SessionStoreWithTaggingContract,
          string.seconds.parse(config.age),
          // Taken per request: tests run each request inside their own transaction.
          db.connection()
        ),
        ctx ? cookie(ctx, config) : null
      )
  })
}

/** Sessions in Redis (SESSION_DRIVER=redis), on the `main` connection; guests in a cookie. */
export function redisSessions(): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const inner = await stores.redis({ connection: 'main' }).resolver(app)
    const cookie = await stores.cookie().resolver(app)
    const redis = await app.container.make('redis')
    return (ctx, config) =>
      new GuestsInCookie(
        new RedisSessionStore(
          inner(ctx, config) as SessionStoreWithTaggingContract,
          string.seconds.parse(config.age),
          redis.connection('main')
        ),
        ctx ? cookie(ctx, config) : null
      )
  })
}
