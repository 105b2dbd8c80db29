import type { HttpContext } from '@adonisjs/core/http'
import { globalSearch } from '#queries/search/global_search'
import { cleanText } from '#services/control_characters'

const MIN_LENGTH = 2
const MAX_LENGTH = 100

/** The top bar's search: JSON hits within what the signed-in user may see. */
export default class SearchController {
  async index({ request, auth, response }: HttpContext) {
    const raw = request.qs().q
    const term = typeof raw === 'string' ? cleanText(raw).trim().slice(0, MAX_LENGTH) : ''
    if (term.length < MIN_LENGTH) {
      return response.send({ query: term, results: [], message: 'Ketik minimal 2 karakter.' })
    }
    const results = await globalSearch(auth.getUserOrFail(), term)
    return response.send({
      query: term,
      results,
      message: results.length ? null : `Tidak ada hasil untuk "${term}".`,
    })
  }
}
