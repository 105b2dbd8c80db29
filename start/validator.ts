import vine from '@vinejs/vine'
import { labelledMessages } from '#validators/labelled_messages'

/** Every validator's messages: Indonesian, naming fields as the forms show them. */
vine.messagesProvider = labelledMessages()
