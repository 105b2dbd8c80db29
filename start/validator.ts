import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { FIELD_LABELS, VALIDATION_MESSAGES } from '#validators/messages'

/**
 * Indonesian messages that name fields as the form shows them, including the
 * other field of a comparison ("harus sama dengan Konfirmasi kata sandi") and
 * the items of a list.
 */
class LabelledMessagesProvider extends SimpleMessagesProvider {
  getMessage(rawMessage: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    const other = args?.otherField
    const labelled =
      typeof other === 'string' && FIELD_LABELS[other]
        ? { ...args, otherField: FIELD_LABELS[other].toLowerCase() }
        : args
    // An array item ("files.1") is named by its list's item label ("files.*").
    const itemLabel =
      !FIELD_LABELS[field.getFieldPath()] && !FIELD_LABELS[field.name]
        ? FIELD_LABELS[field.wildCardPath]
        : undefined
    const named = itemLabel ? Object.create(field, { name: { value: itemLabel } }) : field
    return super.getMessage(rawMessage, rule, named, labelled)
  }
}

vine.messagesProvider = new LabelledMessagesProvider(VALIDATION_MESSAGES, FIELD_LABELS)
