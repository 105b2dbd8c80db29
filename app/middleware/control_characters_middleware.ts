import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { cleanInput } from '#services/control_characters'

/**
 * Runs right after the body parser: every route, validator and action then
 * sees form fields and query values without control characters (see
 * services/control_characters.ts). Uploaded files are not touched.
 */
export default class ControlCharactersMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    request.updateBody(cleanInput(request.body()))
    request.updateQs(cleanInput(request.qs()))
    return next()
  }
}
