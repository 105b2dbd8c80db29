import string from '@adonisjs/core/helpers/string'
import bodyParserConfig from '#config/bodyparser'

/** A result, certificate or worksheet PDF: at most this much each. */
export const RESULT_FILE_SIZE = '10mb' as const

/** The most one request may carry, all its files together (the body parser's multipart limit). */
export const REQUEST_SIZE = String(bodyParserConfig.multipart.limit)

/** A size as people read it: '20mb' is "20 MB". */
export const sizeLabel = (size: string) => size.toUpperCase().replace(/(\d)([A-Z])/, '$1 $2')

export const sizeBytes = (size: string) => string.bytes.parse(size) ?? 0
