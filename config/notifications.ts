import env from '#start/env'

/**
 * Where notifications go besides the in-app notices (issue 17). Without a Telegram token or an
 * SMTP host the app runs as before and every notice stays in the app.
 */
const notificationsConfig = {
  telegram: {
    /** The lab's bot (from @BotFather); without it nothing is sent by Telegram. */
    token: env.get('TELEGRAM_BOT_TOKEN', ''),
    /** The bot's username, without @: the deep link is https://t.me/{name}?start={code}. */
    botName: env.get('TELEGRAM_BOT_NAME', ''),
    /** Telegram's Bot API, or a local one (a test server, a self-hosted Bot API server). */
    apiRoot: env.get('TELEGRAM_API_ROOT', 'https://api.telegram.org'),
  },
  mail: {
    host: env.get('SMTP_HOST', ''),
    port: env.get('SMTP_PORT', 587),
    username: env.get('SMTP_USERNAME', ''),
    password: env.get('SMTP_PASSWORD', ''),
    from: env.get('MAIL_FROM', 'Kalibra <no-reply@kalibra.local>'),
  },
  reminders: {
    /** The lab-time hour (0-23) at which the daily recalibration reminders go out; off: -1. */
    hour: env.get('REMINDER_HOUR', 7),
    /** Days before the due date of the first reminder (the second is on the due date). */
    daysBefore: 30,
  },
}

export default notificationsConfig
