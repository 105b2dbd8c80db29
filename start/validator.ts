import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { FIELD_LABELS, VALIDATION_MESSAGES } from '#validators/messages'

vine.messagesProvider = new SimpleMessagesProvider(VALIDATION_MESSAGES, FIELD_LABELS)
