/**
 * A browser's view of the test server for the session tests: plain HTTP with
 * the cookies the server set (signed session id, XSRF token), kept in a jar
 * that can be copied, replayed after logout, or shared between "devices".
 * Nothing here goes through the api client's session plugin, so what is
 * tested is exactly what a browser (or a thief holding its cookies) sends.
 */
export const SESSION_COOKIE = 'kalibra-session'

export interface HttpResult {
  status: number
  location: string | null
  headers: Headers
  text: string
  json<T = any>(): T
  /** The Inertia page object embedded in an HTML answer (component, props, flash). */
  page(): { component: string; props: Record<string, any>; flash?: Record<string, any> }
}

interface RequestOptions {
  form?: Record<string, string>
  json?: unknown
  /** A file upload (multipart/form-data; fetch writes the boundary). */
  multipart?: FormData
  headers?: Record<string, string>
}

export class HttpSession {
  private cookies = new Map<string, string>()

  constructor(readonly origin = `http://localhost:${process.env.PORT}`) {}

  /** Signs in through the login form, as the browser does: GET /login, then POST /auth/verify with the XSRF token. */
  static async signIn(email: string, password: string) {
    const browser = new HttpSession()
    await browser.get('/login')
    const response = await browser.post('/auth/verify', {
      form: { email, password },
      headers: { referer: '/login' },
    })
    if (response.status !== 302 || response.location === '/login') {
      throw new Error(`sign-in of ${email} failed: ${response.status} -> ${response.location}`)
    }
    return browser
  }

  /** Another browser holding a copy of these cookies (a stolen cookie jar). */
  copy() {
    const other = new HttpSession(this.origin)
    for (const [name, value] of this.cookies) other.cookies.set(name, value)
    return other
  }

  get cookieNames() {
    return [...this.cookies.keys()]
  }

  /** The raw session cookie (the signed session id). */
  get sessionCookie() {
    return this.cookies.get(SESSION_COOKIE)
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options)
  }

  post(path: string, options: RequestOptions = {}) {
    return this.request('POST', path, options)
  }

  put(path: string, options: RequestOptions = {}) {
    return this.request('PUT', path, options)
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { accept: 'text/html', ...options.headers }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    let body: string | FormData | undefined
    if (options.multipart) {
      body = options.multipart
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    const response = await fetch(new URL(path, this.origin), {
      method,
      headers,
      body,
      redirect: 'manual',
    })
    this.keepCookies(response.headers.getSetCookie())
    const text = await response.text()
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      text,
      json: () => JSON.parse(text),
      page: () => {
        const match = text.match(
          /<script data-page="[^"]*" type="application\/json">(.*?)<\/script>/s
        )
        if (!match) throw new Error(`no Inertia page in the answer to ${method} ${path}`)
        return JSON.parse(match[1])
      },
    }
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      const expired = attributes.some(
        (attribute) =>
          /^max-age=(0|-\d+)$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now())
      )
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}
