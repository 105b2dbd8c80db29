import { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { FIELD_LABELS, VALIDATION_MESSAGES } from '#validators/messages'

/**
 * Indonesian messages that name fields as the form shows them, including the
 * other field of a comparison ("harus sama dengan Konfirmasi kata sandi") and
 * the items of a list.
 */
class LabelledMessagesProvider extends SimpleMessagesProvider {
  constructor(private labels: Record<string, string>) {
    super(VALIDATION_MESSAGES, labels)
  }

  getMessage(rawMessage: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    const other = args?.otherField
    const labelled =
      typeof other === 'string' && this.labels[other]
        ? { ...args, otherField: this.labels[other].toLowerCase() }
        : args
    // An array item ("files.1") is named by its list's item label ("files.*").
    const itemLabel =
      !this.labels[field.getFieldPath()] && !this.labels[field.name]
        ? this.labels[field.wildCardPath]
        : undefined
    const named = itemLabel ? Object.create(field, { name: { value: itemLabel } }) : field
    return super.getMessage(rawMessage, rule, named, labelled)
  }
}

/**
 * The app's messages, with the field labels of one form where they differ from the shared
 * ones (the contract form's `date` is "Tanggal kontrak", not the certificate's date).
 */
export function labelledMessages(formLabels: Record<string, string> = {}) {
  return new LabelledMessagesProvider({ ...FIELD_LABELS, ...formLabels })
}
