import type { urlFor } from '@adonisjs/core/services/url_builder'

/** A route's name as the router knows it: what a menu entry, a button or a link names. */
export type RouteName = Parameters<typeof urlFor>[0]
