import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { FIELD_LABELS, VALIDATION_MESSAGES } from '#validators/messages'

/**
 * Indonesian messages that name fields as the form shows them, including the
 * other field of a comparison ("harus sama dengan Konfirmasi kata sandi").
 */
class LabelledMessagesProvider extends SimpleMessagesProvider {
  getMessage(rawMessage: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    const other = args?.otherField
    const labelled =
      typeof other === 'string' && FIELD_LABELS[other]
        ? { ...args, otherField: FIELD_LABELS[other].toLowerCase() }
        : args
    return super.getMessage(rawMessage, rule, field, labelled)
  }
}

vine.messagesProvider = new LabelledMessagesProvider(VALIDATION_MESSAGES, FIELD_LABELS)
