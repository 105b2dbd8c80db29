import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { securityHeaders } from '#services/security_headers'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

const EARLY_ERROR_MESSAGES: Record<number, string> = {
  400: 'Permintaan tidak valid.',
  408: 'Waktu permintaan habis.',
  413: 'Permintaan terlalu besar.',
  431: 'Header permintaan terlalu besar.',
}

function earlyStatus(code: string | undefined) {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'HPE_CONTENT_LENGTH_TOO_LARGE') return 413
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

/**
 * What Node answers itself, before AdonisJS sees the request (oversized headers,
 * a malformed request line, a timeout), carries the same security headers as
 * every other response and a short Indonesian body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  const inResponse = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inResponse?.headersSent) {
    socket.destroy()
    return
  }
  const status = earlyStatus(error.code)
  const body = EARLY_ERROR_MESSAGES[status]
  const headers = {
    ...securityHeaders('encrypted' in socket && Boolean(socket.encrypted)),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Connection': 'close',
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`)
}

export interface AppHttpServer {
  server: ReturnType<typeof createServer>
  /**
   * Call before `server.close()` (the app's terminating hook): the requests in
   * flight finish and answer with `Connection: close`, and each keep-alive
   * connection closes once idle, so `close()` completes as soon as the last
   * request is done instead of waiting for keep-alive timeouts.
   */
  drain(): void
}

/** The Node HTTP server of the app (bin/server.ts, and the in-process test server). */
export function createAppHttpServer(handler: Handler): AppHttpServer {
  const inFlight = new Set<ServerResponse>()
  let draining = false

  const server = createServer((request, response) => {
    inFlight.add(response)
    response.once('close', () => inFlight.delete(response))
    if (draining) {
      response.shouldKeepAlive = false
      response.once('finish', () => server.closeIdleConnections())
    }
    handler(request, response)
  })
  server.on('clientError', answerClientError)

  return {
    server,
    drain() {
      if (draining) return
      draining = true
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false
        response.once('finish', () => server.closeIdleConnections())
      }
    },
  }
}
