import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import config from '#config/notifications'

export const FAKE_TOKEN = '123456:TEST-token'
export const FAKE_BOT = 'kalibra_uji_bot'

interface SentMessage {
  chat_id: string
  text: string
}

/**
 * A local Telegram Bot API for the tests (issue 17): it answers getMe, getUpdates (the updates
 * queued by the test) and sendMessage (recorded), and can be told to fail sendMessage with a
 * 500, as Telegram does when it is down. `use()` points the app's bot settings at it.
 */
export class FakeTelegram {
  private server: Server | null = null
  private queue: unknown[] = []
  private nextUpdateId = 1
  private saved = { ...config.telegram }
  sent: SentMessage[] = []
  methods: string[] = []
  /** While true, sendMessage answers 500. */
  failing = false

  get apiRoot() {
    const { port } = this.server!.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  async start() {
    this.server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const method = request.url?.split('/').pop() ?? ''
        this.methods.push(method)
        const params = body ? JSON.parse(body) : {}
        const answer = (status: number, payload: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(payload))
        }
        if (!request.url?.startsWith(`/bot${FAKE_TOKEN}/`)) {
          return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' })
        }
        if (method === 'getMe') {
          return answer(200, {
            ok: true,
            result: { id: 1, is_bot: true, first_name: 'Kalibra', username: FAKE_BOT },
          })
        }
        if (method === 'getUpdates') {
          const offset = Number(params.offset ?? 0)
          const updates = this.queue.filter((u: any) => u.update_id >= offset)
          this.queue = updates
          return answer(200, { ok: true, result: updates })
        }
        if (method === 'sendMessage') {
          if (this.failing) {
            return answer(500, { ok: false, error_code: 500, description: 'Internal Server Error' })
          }
          this.sent.push({ chat_id: String(params.chat_id), text: String(params.text) })
          return answer(200, {
            ok: true,
            result: {
              message_id: this.sent.length,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(params.chat_id), type: 'private' },
              text: params.text,
            },
          })
        }
        return answer(404, { ok: false, error_code: 404, description: 'Not Found' })
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  /** The app sends through this server with its bot until `stop()`. */
  use() {
    Object.assign(config.telegram, { token: FAKE_TOKEN, botName: FAKE_BOT, apiRoot: this.apiRoot })
    return this
  }

  /** A user in a private chat sends `text` to the bot. */
  userSends(text: string, chat: { id: number; username?: string }) {
    this.queue.push({
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chat.id, type: 'private', username: chat.username },
        from: { id: chat.id, is_bot: false, first_name: 'Uji', username: chat.username },
        text,
      },
    })
  }

  /** What was sent to one chat. */
  sentTo(chatId: number | string) {
    return this.sent.filter((message) => message.chat_id === String(chatId))
  }

  async stop() {
    Object.assign(config.telegram, this.saved)
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve()
    )
  }
}
